"""The desk's long jobs (the kit, the results): each in a worker thread, its progress read by the page while it
runs.

A job's state is `running`, `done` or `failed`, `done` its share finished (0…1) and `message` the last
thing it said (why, when it failed). How far a job is when it says a message is its `Steps`: each job's work
says its own messages (the kit's, the results'), and the job knows which of them mark how much. A job asked again for the same evening while one runs is that one.
The jobs themselves change files whole or not at all (the kit's folder is staged and swapped in), so a
failed job leaves every file as it was.
"""

from __future__ import annotations

import secrets
import threading
import traceback
from dataclasses import dataclass, field

from prefprint.errors import PrefprintError
from prefprint.words.messages import Message, shown, text_of


@dataclass(frozen=True)
class Steps:
    """The share of a job done when its work says a message: `at` a code -> the share by then; `spans` a code
    said with a count -> (share at its start, share at its end, the count's parameter, the total's parameter)."""

    at: dict = field(default_factory=dict)
    spans: dict = field(default_factory=dict)

    def share(self, code: str, params: dict) -> float | None:
        """How far the job is by this message; None if it says nothing of that."""
        if code in self.spans:
            start, end, n, total = self.spans[code]
            if params.get(total):
                return start + (end - start) * min(1, params.get(n, 0) / params[total])
            return None
        return self.at.get(code)


# what the kit says as it goes (prefprint.app.kit)
KIT_STEPS = Steps(
    {"kit.rendering": 0.1, "kit.html_written": 0.15, "kit.pdfs_written": 0.98},
    {"render.parts": (0.15, 0.98, "n", "total")},
)


@dataclass
class Job:
    """One job: what it is for, how far it is, what it said last and, when done, what it made."""

    id: str
    key: str
    lang: str
    state: str = "running"
    done: float = 0.0
    message: str = ""
    result: dict = field(default_factory=dict)
    steps: Steps = field(default_factory=Steps)

    def progress(self, said) -> None:
        """A progress callback of the app's jobs: a Message (or a text) said on the way."""
        share = self.steps.share(getattr(said, "code", ""), getattr(said, "params", {}))
        if share is not None:
            self.done = max(self.done, share)
        self.message = text_of(said, self.lang).strip()

    def view(self) -> dict:
        return {"job": self.id, "state": self.state, "done": round(self.done, 3), "message": self.message} | self.result


class Jobs:
    """The desk's jobs by id."""

    def __init__(self):
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def start(self, key: str, lang: str, work, started: Message, steps: Steps = Steps()) -> Job:
        """Run `work(job)` in a thread (it returns (Message said when done, dict of results)); the job running
        for the same `key` if there is one. `steps`: how far the job is by what its work says."""
        with self.lock:
            for job in self.jobs.values():
                if job.key == key and job.state == "running":
                    return job
            job = Job(secrets.token_hex(8), key, lang, message=started.text(lang), steps=steps)
            self.jobs[job.id] = job
        threading.Thread(target=self._run, args=(job, work), daemon=True, name=f"desk-job-{job.id}").start()
        return job

    def _run(self, job: Job, work) -> None:
        try:
            said, result = work(job)
        except PrefprintError as e:
            job.state, job.message = "failed", e.text(job.lang)
        except Exception as e:  # a bug: said on the page, the traceback on the desk's terminal
            traceback.print_exc()
            job.state, job.message = "failed", Message("desk.failed", error=shown(repr(e), 200)).text(job.lang)
        else:
            job.result, job.message, job.done, job.state = result, said.text(job.lang), 1.0, "done"

    def last(self, key: str) -> Job | None:
        """The latest job for `key` (running or finished), if any."""
        with self.lock:
            return next((job for job in reversed(self.jobs.values()) if job.key == key), None)

    def get(self, job_id) -> Job | None:
        return self.jobs.get(job_id) if isinstance(job_id, str) else None
