"""HTML from templates and PDF from HTML (the only jinja2 and weasyprint user); atomic writes."""

from __future__ import annotations

import gc
import io
import os
import re
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from prefprint.engine.rules import fmt_whists
from prefprint.io.outdir import write_atomic
from prefprint.io.pool import FORKS, WorkerPool, run_forked
from prefprint.words import catalog
from prefprint.words.dates import date_text, short_date
from prefprint.words.i18n import note_text, words
from prefprint.words.messages import Message, text_of, wording
from prefprint.words.numbers import number, span


def templates_dir() -> Path:
    """Templates inside the installed package, or the top-level templates/ of a checkout."""
    here = Path(__file__).resolve().parent.parent  # the package root: prefprint/
    for candidate in (here / "templates", here.parent / "templates"):
        if (candidate / "base.html").is_file():
            return candidate
    raise FileNotFoundError("prefprint templates not found (expected prefprint/templates or ./templates)")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["w"] = fmt_whists
    env.filters["num"] = number_filter  # {{ x|num }}: "12,5" on a Russian page, "12.5" on an English one
    env.filters["short_name"] = short_name
    env.filters["span"] = span  # {{ s.place|span }}: a place (3, 4) as "3–4", (3, 3) as "3"
    env.globals["text_of"] = text_of
    env.globals["qr"] = qr_svg
    env.globals["note_text"] = note_text
    return env


@cache
def language_environment(lang: str) -> jinja2.Environment:
    """The environment of one language: jinja2's i18n extension with the gettext of its catalogue.

    In a template `{{ _("page.costs.title") }}` is a word, `{{ _("word.table_of", k=3) }}` one with
    named placeholders, `{{ ngettext("count.deal", "count.deal", n) }}` a counted word's form,
    `{{ n|counted("count.deal") }}` the number with it ("5 сдач"), `{{ event.date|date }}` a date as the
    language writes it and `{{ _html("page.deals.pockets") }}` words that carry their own markup (their
    parameters are escaped).
    """
    env = environment().overlay(extensions=["jinja2.ext.i18n"])
    env.globals = dict(env.globals)  # an overlay shares its parent's dicts: the words must not leak across
    env.filters = dict(env.filters)

    def gettext(key: str, **params) -> str:
        return wording(catalog.gettext(key, lang), lang, params) if params else catalog.gettext(key, lang)

    def ngettext(singular: str, plural: str, n, **params) -> str:
        return catalog.ngettext(singular, n, lang)

    def marked(key: str, **params) -> Markup:
        return Markup(
            wording(
                catalog.gettext(key, lang),
                lang,
                {k: Markup.escape(v) if isinstance(v, str) else v for k, v in params.items()},
            )
        )

    env.install_gettext_callables(gettext, ngettext, newstyle=False)
    env.globals["_html"] = marked
    env.filters["plural"] = lambda n, key: catalog.ngettext(key, n, lang)  # {{ n|plural("count.deal") }}: the word
    env.filters["counted"] = lambda n, key: f"{n} {catalog.ngettext(key, n, lang)}"  # "5 сдач"
    env.filters["date"] = lambda value: date_text(value, lang)  # {{ event.date|date }}: "5 декабря 2026 г."
    env.filters["short_date"] = lambda value, skeleton="MMMd": short_date(value, lang, skeleton)  # "5 окт."
    return env


def html(template: str, lang: str = "ru", **context) -> str:
    """Render one document template to an HTML string in a language."""
    return language_environment(lang).get_template(template).render(lang=lang, t=words(lang), **context)


@jinja2.pass_context
def number_filter(context, value, places: int = 1) -> str:
    """A number in the page's language (i18n.number): the decimal comma in Russian."""
    return number(value, context.get("lang", "ru"), places)


def short_name(name: str) -> str:
    """ "Иванов Иван Петрович" -> "Иванов И. П.": a name that fits a narrow cell."""
    parts = str(name or "").split()
    if len(parts) < 2:
        return " ".join(parts)
    return " ".join([parts[0]] + [p[0] + "." for p in parts[1:]])


@lru_cache(maxsize=4096)
def qr_svg(url: str) -> Markup:
    """A QR code of an address as inline SVG (segno; error correction M, the standard quiet zone)."""
    import segno

    code = segno.make(url, error="m", micro=False)
    return Markup(code.svg_inline(omitsize=True, border=4, svgclass="qr", lineclass=None))


@lru_cache(maxsize=1)
def css_text() -> str:
    return (templates_dir() / "print.css").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _stylesheet():
    """print.css parsed once per process (weasyprint.CSS), for every document this process renders."""
    return _sheet_of(tuple(range(len(_css_rules()))))


# WeasyPrint tries every rule whose last element name or class an element has against it, ancestors and all: a
# document is rendered with the rules of print.css that can match one of its elements, the others left out (a
# rule that needs a class or an element name the document does not have matches nothing, so the result is the same)
_CLASS_ATTR = re.compile(r"""\sclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))""", re.I)
_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9:-]*)")
_IMPLIED = frozenset({"html", "head", "body", "tbody", "colgroup", "tr", "p"})  # elements the HTML parser adds


@lru_cache(maxsize=1)
def _css_rules() -> list[tuple[list | None, str]]:
    """print.css as its rules in order: (what each of a rule's selectors needs: (classes, element names), or None
    for a rule always kept (an at-rule such as @page), the rule's text)."""
    import tinycss2

    rules = []
    for rule in tinycss2.parse_stylesheet(css_text(), skip_comments=True, skip_whitespace=True):
        needs = None
        if rule.type == "qualified-rule":
            needs, current = [], []
            for token in [*rule.prelude, None]:
                if token is None or (token.type == "literal" and token.value == ","):
                    needs.append(_needs(current))
                    current = []
                else:
                    current.append(token)
            if any(n is None for n in needs):
                needs = None
        rules.append((needs, rule.serialize()))
    return rules


def _needs(tokens: list) -> tuple[frozenset, frozenset] | None:
    """The classes and element names one selector needs an element of the document to have; None: not known."""
    classes, tags, before = set(), set(), None
    for token in tokens:
        if token.type == "literal" and token.value == "|":
            return None  # a namespace: keep the rule
        if token.type == "ident":
            if before == ".":
                classes.add(token.value)
            elif before != ":":  # a pseudo-class or pseudo-element's name needs nothing
                tags.add(token.lower_value)
        before = token.value if token.type == "literal" else None
    return frozenset(classes), frozenset(tags)


def _stylesheet_for(html_text: str):
    """The rules of print.css that can match an element of a document, parsed (once per process for each set)."""
    return _sheet_of(_rules_for(html_text))


def _rules_for(html_text: str) -> tuple[int, ...]:
    """The indices in _css_rules of the rules that can match an element of a document."""
    classes = set()
    for m in _CLASS_ATTR.finditer(html_text):
        classes.update((m.group(1) or m.group(2) or m.group(3) or "").split())
    tags = {t.lower() for t in _TAG.findall(html_text)} | _IMPLIED
    return tuple(
        i
        for i, (needs, _) in enumerate(_css_rules())
        if needs is None or any(c <= classes and t <= tags for c, t in needs)
    )


@lru_cache(maxsize=64)
def _sheet_of(keep: tuple[int, ...]):
    import weasyprint

    rules = _css_rules()
    text = "\n".join(rules[i][1] for i in keep)
    return weasyprint.CSS(string=text, base_url=str(templates_dir()) + "/")


class _CharsUntil(dict):
    """tinyhtml5's cache of the patterns of InputStream.chars_until, filled under the key it looks up.

    tinyhtml5 stores each pattern under the pattern itself (`characters = cache[key] = regex` binds `characters`
    first), so every look-up misses and builds the pattern again: 17,000 times for a part of the protocols, a
    quarter of the time of reading the HTML. The same patterns, each built once.
    """

    def __missing__(self, key):
        characters, opposite = key
        regex = "".join(f"\\x{ord(character):02x}" for character in characters)
        self[key] = pattern = re.compile(f"[{regex}]+" if opposite else f"[^{regex}]+")
        return pattern


def _fix_html_reader() -> None:
    try:
        from tinyhtml5 import inputstream
    except ImportError:
        return
    if type(getattr(inputstream, "characters_until_regex", None)) is dict:
        inputstream.characters_until_regex = _CharsUntil()


def warm_up() -> None:
    """Ready a render process: WeasyPrint imported, the stylesheet parsed, the fonts loaded (a line of each face
    rendered), and what lives on left out of the cyclic collector's walks (gc.freeze), so that a document
    rendered here or in a child forked from here (pdf_bytes_forked) starts from all of it."""
    _render(_WARM_UP, _stylesheet())
    gc.collect()
    gc.freeze()


# one line of each face print.css uses: Pango and the fonts are loaded before a render process forks
_WARM_UP = (
    "<!DOCTYPE html><html><body><p>Ж ♠♣♦♥ 1/2</p><p><b>Ж 1</b></p>"
    '<p class="ddlines">Ж 1 <span class="b">Ж 1</span></p></body></html>'
)


def pdf_bytes(html_text: str) -> bytes:
    """Render HTML to PDF bytes with WeasyPrint (relative URLs resolve in the templates folder), in this process.

    WeasyPrint builds large trees of short-lived objects: the cyclic collector only slows it down while a
    document renders, so it is off then and collects once afterwards.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        return _render(*_prepared(html_text))
    finally:
        if enabled:
            gc.enable()
        gc.collect()


def pdf_bytes_forked(html_text: str) -> bytes:
    """pdf_bytes in a child forked for this document (io.pool.run_forked): what the render process does.

    The document's objects end with the child instead of being collected (a tenth of the time of a page of
    tables), and the render process stays as small as after warm_up. Its stylesheet is parsed here, before
    the fork: the next document with the same rules finds it.
    """
    if not FORKS:
        return pdf_bytes(html_text)
    return run_forked(_render, *_prepared(html_text))


def _prepared(html_text: str) -> tuple:
    """The HTML without the page's own copy of print.css (base.html puts it inline, for browsers) and instead the
    rules of it that can match the document, parsed in this process (None: the page has no copy to replace)."""
    css = css_text().rstrip("\n")
    block = f"<style>\n{css}</style>"  # as base.html includes it
    if css not in html_text:
        return html_text, None
    html_text = html_text.replace(block, "", 1) if block in html_text else html_text.replace(css, "", 1)
    return html_text, _stylesheet_for(html_text)


def _render(html_text: str, sheet=None) -> bytes:
    """The PDF of one HTML document, with a stylesheet of print.css's rules (_prepared)."""
    import weasyprint

    _fix_html_reader()
    document = weasyprint.HTML(string=html_text, base_url=str(templates_dir()) + "/")
    return document.write_pdf(stylesheets=[sheet] if sheet is not None else None)


def join_pdfs(parts: list[bytes]) -> bytes:
    """One PDF from several, pages in order."""
    if len(parts) == 1:
        return parts[0]
    from pypdf import PdfWriter

    writer = PdfWriter()
    for data in parts:
        writer.append(io.BytesIO(data))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def join_for_printing(parts: list[bytes]) -> bytes:
    """One PDF of several documents for one print job: each padded with a blank page to an even count, so
    that printed on both sides no document starts on the back of another's last sheet."""
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for data in parts:
        reader = PdfReader(io.BytesIO(data))
        writer.append(reader)
        if len(reader.pages) % 2:
            box = reader.pages[-1].mediabox
            writer.add_blank_page(width=box.width, height=box.height)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def cost(html_text: str) -> int:
    """What a document costs WeasyPrint, roughly: its elements and its text (its <head> left out)."""
    body = html_text[max(0, html_text.find("<body")) :]
    return body.count("<") + len(body) // 50


def render_order(texts: list[str]) -> list[int]:
    """The order in which parts are handed to the render processes: the costliest first, each process taking
    the next part when it is free, so that the cheap parts fill in at the end and every core is busy to the end."""
    costs = [cost(t) for t in texts]
    return sorted(range(len(texts)), key=lambda k: -costs[k])


@contextmanager
def render_processes(jobs: int | None = None):
    """Render processes started at once, for render_pdfs(..., pool=): they warm up (warm_up: WeasyPrint imported,
    print.css parsed, the fonts loaded) on the other cores while this process builds the HTML they are to render.
    None where one process renders (jobs=1 or one core)."""
    workers = max(1, jobs or os.cpu_count() or 1)
    if workers == 1:
        yield None
        return
    # What came before (the workbook read, its zip files closed in cycles with finalizers) collected now rather
    # than at some later allocation, where an interruption could land in a finalizer and be lost; what lives
    # on is left out of the collector's walks while the pool runs (in the forks too: no page copied for it).
    gc.collect()
    gc.freeze()
    try:
        with WorkerPool(workers, initializer=warm_up) as pool:  # an interruption or a failure ends every one
            yield pool.start()
    finally:
        gc.unfreeze()


def render_pdfs(
    documents: dict[str, list[str]], jobs: int | None = None, progress=None, while_waiting=None, pool=None
) -> dict:
    """Render documents given as lists of HTML parts to PDF bytes on all cores, parts joined.

    `while_waiting` runs in this process while the others render. An interruption (Ctrl-C,
    SIGTERM turned into KeyboardInterrupt by the command) cancels the queue and ends the render processes at once.
    `pool`: render processes already started (render_processes), else they are started here.
    """
    tasks = [(name, i) for name, parts in documents.items() for i in range(len(parts))]
    texts = [documents[name][i] for name, i in tasks]
    pdfs = render_texts(texts, jobs, progress, while_waiting, pool)
    done = dict(zip(tasks, pdfs))
    return {name: join_pdfs([done[(name, i)] for i in range(len(parts))]) for name, parts in documents.items()}


def render_texts(
    texts: list[str], jobs: int | None = None, progress=None, while_waiting=None, pool=None
) -> list[bytes]:
    """PDF bytes of each HTML text, rendered in the order of render_order on all cores (`pool`: render processes
    already started, render_processes)."""
    order = render_order(texts)
    workers = max(1, min(jobs or os.cpu_count() or 1, len(texts)))
    done: dict[int, bytes] = {}
    if pool is not None:
        _render_in(pool, texts, order, done, progress, while_waiting)
    elif workers == 1:
        if while_waiting:
            while_waiting()
        for k in order:
            done[k] = pdf_bytes(texts[k])
    else:
        with WorkerPool(workers, initializer=warm_up) as started:  # an interruption or a failure ends every one
            _render_in(started, texts, order, done, progress, while_waiting)
    return [done[k] for k in range(len(texts))]


def _render_in(pool, texts: list[str], order: list[int], done: dict, progress, while_waiting) -> None:
    say = progress or (lambda msg: None)
    futures = dict(zip(order, pool.submit_all(pdf_bytes_forked, [texts[k] for k in order])))
    if while_waiting:
        while_waiting()
    for n, k in enumerate(order, 1):
        done[k] = futures[k].result()
        if n % 5 == 0 or n == len(texts):
            say(Message("render.parts", n=n, total=len(texts)))


def pdf_pages(data: bytes) -> int:
    """The number of pages of a PDF."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(data)).pages)


def join_reusing(parts: list, old: bytes | None, old_parts: list) -> bytes:
    """One PDF from parts given as PDF bytes or as the index of a part of the old PDF (whose parts'
    page counts `old_parts` lists: [{"pages": n}, …]), pages in order."""
    if all(isinstance(p, bytes) for p in parts):
        return join_pdfs(parts)
    from pypdf import PdfReader, PdfWriter

    starts, at = [], 0
    for meta in old_parts:
        starts.append(at)
        at += meta["pages"]
    reader = PdfReader(io.BytesIO(old))
    writer = PdfWriter()
    for p in parts:
        if isinstance(p, bytes):
            writer.append(io.BytesIO(p))
        else:
            writer.append(reader, pages=(starts[p], starts[p] + old_parts[p]["pages"]))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def write_pdf(html_text: str, path: Path) -> Path:
    return write_atomic(path, pdf_bytes(html_text))
