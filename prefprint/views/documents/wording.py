"""A catalogue message in a document's language, as the documents word their notes."""

from __future__ import annotations

from prefprint.words.messages import Message


def _m(lang: str, code: str, **params) -> str:

    return Message(code, **params).text(lang)
