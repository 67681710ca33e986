"""Errors of prefprint. The CLI turns them into one clear message (in the event's language) and an exit code.

An error carries a `Message` from the catalogue (`prefprint.words.messages`), or a list of them for
files with several problems; `text(lang)` gives the words. A plain string is accepted as it is
(shown the same in every language).
"""

from __future__ import annotations

from prefprint.words.messages import Message, problem_lines, text_of


class PrefprintError(Exception):
    """Base of every error prefprint reports to a user."""

    exit_code = 2

    def __init__(self, message, **params):
        if isinstance(message, str) and params:
            message = Message(message, **params)
        self.message = message
        super().__init__(text_of(message, "en"))

    def text(self, lang: str = "ru") -> str:
        return text_of(self.message, lang)


class MovementError(PrefprintError):
    """No movement can be built for the request (bad arguments)."""


class InvalidMovement(AssertionError):
    """A movement the engine built breaks a rule: a bug in the engine, never a user error."""


class ScoringError(PrefprintError):
    """A deal outcome that cannot happen (tricks not adding up, wrong seats, ...)."""


class _FileProblems(PrefprintError):
    """Every problem of one input file, each naming its place (key and line, sheet and cell)."""

    def __init__(self, path, problems, warnings=(), lang: str = "ru"):
        self.path = str(path)
        self.problems = list(problems)
        self.warnings = list(warnings)
        self.lang = lang  # the language of the file's event, where it could be read
        Exception.__init__(self, self.text("en"))
        self.message = None

    def text(self, lang: str = "ru") -> str:
        head = Message("file_problems", path=self.path, n=len(self.problems)).text(lang)
        return "\n".join([head] + [f"  - {line}" for line in problem_lines(self.problems, lang)])


class SpecError(_FileProblems):
    """An event spec with mistakes; lists every problem with its key and line."""


class WorkbookError(_FileProblems):
    """A filled protocol workbook with problems; lists every problem with its cell."""

    exit_code = 1
    entries = (
        None  # engine.entries.Entries of the sheets read where others could not be (missing, doubled): checked too
    )


class WorkbooksError(PrefprintError):
    """Problems in several protocol workbooks of one competition, each listed under its file."""

    exit_code = 1

    def __init__(self, errors):
        self.errors = list(errors)
        self.lang = self.errors[0].lang
        self.problems = [p for e in self.errors for p in e.problems]
        self.warnings = [w for e in self.errors for w in e.warnings]
        Exception.__init__(self, self.text("en"))
        self.message = None

    def text(self, lang: str = "ru") -> str:
        return "\n".join(e.text(lang) for e in self.errors)


class Interrupted(KeyboardInterrupt):
    """An interruption after part of a run was put in place: `message` says what is there (instead of
    "nothing was changed")."""

    def __init__(self, message: Message):
        super().__init__()
        self.message = message
