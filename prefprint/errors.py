"""Errors of prefprint. The CLI turns them into one clear message and exit code."""


class PrefprintError(Exception):
    """Base of every error prefprint reports to a user."""

    exit_code = 2


class MovementError(PrefprintError):
    """No movement can be built for the request (bad arguments)."""


class InvalidMovement(AssertionError):
    """A movement the engine built breaks a rule: a bug in the engine, never a user error."""


class ScoringError(PrefprintError):
    """A deal outcome that cannot happen (tricks not adding up, wrong seats, ...)."""


class SpecError(PrefprintError):
    """An event spec with mistakes; lists every problem with its key and line."""

    def __init__(self, path, problems):
        self.path = str(path)
        self.problems = list(problems)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{self.path}: {len(self.problems)} problem(s):\n{lines}")


class WorkbookError(PrefprintError):
    """A filled protocol workbook with problems; lists every problem with its cell."""

    exit_code = 1

    def __init__(self, path, problems, warnings=()):
        self.path = str(path)
        self.problems = list(problems)
        self.warnings = list(warnings)
        lines = "\n".join(f"  - {p}" for p in self.problems)
        super().__init__(f"{self.path}: {len(self.problems)} problem(s):\n{lines}")
