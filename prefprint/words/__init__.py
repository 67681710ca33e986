"""The words a director or player reads: gettext catalogues, plural forms, numbers and dates as each language writes
them.

Every word lives in one gettext catalogue per language, read through Babel:

    prefprint/words/locale/ru/LC_MESSAGES/prefprint.po   (Russian, the default)
    prefprint/words/locale/en/LC_MESSAGES/prefprint.po   (English)

A translator edits one `.po` in any PO editor; a new language is one more `.po` in a folder of its
own (`catalog.LANGS` are the folders there; the command line and the spec offer them).

Keys, not sentences, are the msgids:

- a **message** is keyed by its code (`file_problems`, `spec.unknown_key`, `movement.q_rests`) and
  has named placeholders: `"{path} — {n} {n:count.problem}:"`. Code writes
  `Message("file_problems", path=p, n=3)` and `.text(lang)` fills it in (`messages.py`); errors
  carry Messages, so the engine layers hold no words;
- a **counted word** is a plural entry `count.<noun>[.<case>]` (msgid and msgid_plural are the key,
  msgstr[0..2] the forms: "сдача", "сдачи", "сдач"); `ngettext` picks the form by the catalogue's
  Plural-Forms, which is Babel's rule for the language and agrees with CLDR's categories (one, few,
  many in Russian). A message names the counted word in a placeholder's format spec,
  `{n:count.deal}`: the form of count.deal for the number n. A message that counts several things
  names one counted word per number (`{n} {n:count.workbook} … {count} {count:count.session}`), and
  a language may choose other counted words than another for the same message (Russian agrees a
  verb with its number where English does not need to: `{never:count.meets}`);
- a **printed word** has a namespaced key: `word.*` (the words of the pages, `t.round` in a
  template), `page.<template>.*` (the sentences of one page), `method.*`, `variant.*`, `role.*`,
  `convention.*`, `kind.*` (a kind of problem in a count), `sheet.*` (the protocol workbook),
  `cli.*` (the command line's help), `settle.*` (`prefprint score`). `catalog.WordTable(prefix)` gives a
  family of them per language as a dict: `METHOD_NAMES["en"]["field"] == "balanced"`.

A message written in the old format (`"code": ("Russian", "English")` with inline forms
`{n:сдача|сдачи|сдач}`) is carried into both catalogues by `python tools/po_add.py FILE.py`.

Templates use jinja2's i18n extension (`prefprint.io.render.language_environment`): `{{ _("key") }}`,
`{{ _("key", k=3) }}` for placeholders, `{{ n|counted("count.deal") }}` / `ngettext` for counted words,
`{{ _html("key") }}` for words that carry their own markup; no template branches on the language.
"""
