"""Carry messages written in the old format into the gettext catalogues.

    python tools/po_add.py FILE.py [--dry-run]

FILE.py holds (or is an old prefprint/messages.py with) dict literals of messages in the old
format, `"code": ("Russian", "English")`, under any name (CATALOGUE, KIND_NAMES.update, ...).
Every code not yet in prefprint/words/locale/{ru,en}/LC_MESSAGES/prefprint.po is added to both
catalogues (KIND_NAMES entries as `kind.<code>`), its inline plural forms `{n:сдача|сдачи|сдач}`
replaced by the counted word of the catalogue with the same forms (`{n:count.deal}`). Forms no
counted word has are listed, and the message is left out: add a `count.*` entry to both .po
files first (msgid and msgid_plural the key, the forms as msgstr[0..]).
"""

from __future__ import annotations

import ast
import io
import re
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

LOCALE = Path(__file__).resolve().parent.parent / "prefprint" / "words" / "locale"
LANGS = ("ru", "en")
_INLINE = re.compile(r"\{(\w+):([^{}]*\|[^{}]*)\}")


def _catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "prefprint.po").open("rb") as f:
        return read_po(f, locale=lang, domain="prefprint")


def _save(lang: str, catalog) -> None:
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, no_location=True)
    (LOCALE / lang / "LC_MESSAGES" / "prefprint.po").write_bytes(buf.getvalue())


def _entries(source: str):
    """(code, ru, en) of every old-format entry in the dict literals of a Python source."""
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Dict):
            continue
        for key, value in zip(node.keys, node.values):
            if not (
                isinstance(key, ast.Constant)
                and isinstance(key.value, str)
                and isinstance(value, ast.Tuple)
                and len(value.elts) == 2
                and all(isinstance(e, ast.Constant) for e in value.elts)
            ):
                continue
            ru, en = (e.value for e in value.elts)
            yield key.value, ru, en


def _counted(match, forms_to_key: dict, lang: str, unknown: list) -> str:
    """An inline plural `{n:a|b|c}` as the counted word with those forms: `{n:count.x}`."""
    forms = match.group(2)
    if forms not in forms_to_key:
        unknown.append(f"{lang}: {forms}")
        return match.group(0)
    return "{" + f"{match.group(1)}:{forms_to_key[forms]}" + "}"


def main(argv: list[str]) -> int:
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    dry = "--dry-run" in argv
    source = Path(argv[0]).read_text(encoding="utf-8")
    kinds = set()
    m = re.search(r"KIND_NAMES\.update\(\{(.*?)\}\)", source, re.S)
    if m:
        kinds = {k for k, _ru, _en in _entries("{" + m.group(1) + "}")}
    cats = {lang: _catalog(lang) for lang in LANGS}
    counted = {lang: {} for lang in LANGS}  # forms -> the first counted word with them
    for lang in LANGS:
        for msg in cats[lang]:
            if isinstance(msg.id, tuple):
                counted[lang].setdefault("|".join(msg.string), msg.id[0])
    added, missing = [], []
    for code, ru, en in _entries(source):
        key = f"kind.{code}" if code in kinds else code
        if key in cats["ru"]:
            continue
        texts, unknown = {}, []
        for lang, text in (("ru", ru), ("en", en)):
            texts[lang] = _INLINE.sub(
                lambda match, lang=lang, unknown=unknown: _counted(match, counted[lang], lang, unknown), text
            )
        if unknown:
            missing.append((key, unknown))
            continue
        for lang in LANGS:
            cats[lang].add(key, texts[lang])
        added.append(key)
    for key in added:
        print("added", key)
    for key, forms in missing:
        print(f"left out {key}: no counted word with the forms {'; '.join(forms)}", file=sys.stderr)
    if added and not dry:
        for lang in LANGS:
            _save(lang, cats[lang])
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
