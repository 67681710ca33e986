"""The desk's long jobs (the kit): each in a worker thread, its progress read by the page while it runs.

A job's state is `running`, `done` or `failed`, `done` its share finished (0…1) and `message` the last
thing it said (why, when it failed). A job asked again for the same evening while one runs is that one.
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

# what the kit says as it goes (prefprint.app.kit) -> the share of the job done by then
_STEPS = {"kit.rendering": 0.1, "kit.html_written": 0.15, "kit.pdfs_written": 0.98}


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

    def progress(self, said) -> None:
        """A progress callback of the app's jobs: a Message (or a text) said on the way."""
        code = getattr(said, "code", "")
        params = getattr(said, "params", {})
        if code == "render.parts" and params.get("total"):
            self.done = max(self.done, 0.15 + 0.83 * params["n"] / params["total"])
        elif code in _STEPS:
            self.done = max(self.done, _STEPS[code])
        self.message = text_of(said, self.lang).strip()

    def view(self) -> dict:
        return {"job": self.id, "state": self.state, "done": round(self.done, 3), "message": self.message} | self.result


class Jobs:
    """The desk's jobs by id."""

    def __init__(self):
        self.jobs: dict[str, Job] = {}
        self.lock = threading.Lock()

    def start(self, key: str, lang: str, work, started: Message) -> Job:
        """Run `work(job)` in a thread (it returns (Message said when done, dict of results)); the job running
        for the same `key` if there is one."""
        with self.lock:
            for job in self.jobs.values():
                if job.key == key and job.state == "running":
                    return job
            job = Job(secrets.token_hex(8), key, lang, message=started.text(lang))
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
