"""The documents' words: a catalogue message in the language of the document."""

from __future__ import annotations

from prefprint.words.messages import Message


def phrase(lang: str, code: str, **params) -> str:
    """The words of a catalogue message in a language."""
    return Message(code, **params).text(lang)
