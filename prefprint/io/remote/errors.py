"""What goes wrong while publishing, said as one message naming the host and what to do."""

from __future__ import annotations

from prefprint.errors import PrefprintError
from prefprint.words.messages import Message, shown


class PublishError(PrefprintError):
    """The site could not be published (or not wholly): one message naming the host; exit code 2."""

    exit_code = 2


def failed(code: str, host: str, reason: object = "", **params) -> PublishError:
    """A PublishError of the catalogue's `publish.<code>` about `host`, the library's words cut short."""
    return PublishError(Message(f"publish.{code}", host=host, reason=shown(str(reason) or "—", 160), **params))
