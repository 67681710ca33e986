"""What a process that publishes the same sessions again and again keeps between its runs (the scoring server's
live site): the caller makes a `Memo` and passes it to every run (results.run), which keeps in it what it checked
and built, so that what did not change is not done again."""

from __future__ import annotations

from dataclasses import dataclass, field


class Recent:
    """At most `size` values by key, the least recently used going first when one more comes."""

    def __init__(self, size: int = 4):
        self.size, self._values = size, {}

    def get(self, key, make):
        """The value kept under `key`, else `make()` kept under it."""
        value = self._values.pop(key, None)
        if value is None:
            value = make()
        while len(self._values) >= self.size:
            del self._values[next(iter(self._values))]
        self._values[key] = value
        return value

    def __len__(self) -> int:
        return len(self._values)


@dataclass
class Memo:
    """A run's memory for the next run: the sessions checked (by what they were checked from, pickled: every run
    gets its own copy), the pages of the sites built (publish.site_pages, by what they were built from), and the
    processes solving in the background the deals the analysis cache lacks (analysis.workers.Background, or None:
    solved in the run)."""

    checked: Recent = field(default_factory=Recent)
    pages: Recent = field(default_factory=Recent)
    background: object = None
