"""HTML from templates and PDF from HTML (the only jinja2 and weasyprint user); atomic writes."""

from __future__ import annotations

import gc
import io
import os
from functools import cache, lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from prefprint.engine.rules import fmt_whists
from prefprint.io.outdir import write_atomic
from prefprint.io.pool import WorkerPool
from prefprint.words import catalog
from prefprint.words.i18n import note_text, words
from prefprint.words.messages import Message, text_of, wording
from prefprint.words.numbers import number


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
    env.globals["text_of"] = text_of
    env.globals["qr"] = qr_svg
    env.globals["note_text"] = note_text
    return env


@cache
def language_environment(lang: str) -> jinja2.Environment:
    """The environment of one language: jinja2's i18n extension with the gettext of its catalogue.

    In a template `{{ _("page.costs.title") }}` is a word, `{{ _("word.table_of", k=3) }}` one with
    named placeholders, `{{ ngettext("count.deal", "count.deal", n) }}` a counted word's form,
    `{{ n|counted("count.deal") }}` the number with it ("5 сдач") and `{{ _html("page.deals.pockets") }}`
    words that carry their own markup (their parameters are escaped).
    """
    env = environment().overlay(extensions=["jinja2.ext.i18n"])
    env.globals = dict(env.globals)  # an overlay shares its parent's dicts: the words must not leak across
    env.filters = dict(env.filters)

    def gettext(key: str, **params) -> str:
        return wording(catalog.gettext(key, lang), lang, params) if params else catalog.gettext(key, lang)

    def ngettext(singular: str, plural: str, n, **params) -> str:
        return catalog.ngettext(singular, n, lang)

    def marked(key: str, **params) -> Markup:
        return Markup(wording(catalog.gettext(key, lang), lang,
                              {k: Markup.escape(v) if isinstance(v, str) else v for k, v in params.items()}))

    env.install_gettext_callables(gettext, ngettext, newstyle=False)
    env.globals["_html"] = marked
    env.filters["plural"] = lambda n, key: catalog.ngettext(key, n, lang)  # {{ n|plural("count.deal") }}: the word
    env.filters["counted"] = lambda n, key: f"{n} {catalog.ngettext(key, n, lang)}"  # "5 сдач"
    return env


def html(template: str, lang: str = "ru", **context) -> str:
    """Render one document template to an HTML string in a language."""
    return language_environment(lang).get_template(template).render(lang=lang, t=words(lang), **context)


@jinja2.pass_context
def number_filter(context, value, places: int = 1) -> str:
    """A number in the page's language (i18n.number): the decimal comma in Russian."""
    return number(value, context.get("lang", "ru"), places)


def short_name(name: str) -> str:
    """"Иванов Иван Петрович" -> "Иванов И. П.": a name that fits a narrow cell."""
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


def css_text() -> str:
    return (templates_dir() / "print.css").read_text(encoding="utf-8")


def pdf_bytes(html_text: str) -> bytes:
    """Render HTML to PDF bytes with WeasyPrint (relative URLs resolve in the templates folder)."""
    import weasyprint

    # WeasyPrint builds large trees of short-lived objects: the cyclic collector only slows it
    # down while a document renders, so collect once afterwards instead.
    enabled = gc.isenabled()
    gc.disable()
    try:
        return weasyprint.HTML(string=html_text, base_url=str(templates_dir()) + "/").write_pdf()
    finally:
        if enabled:
            gc.enable()
        gc.collect()


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


def render_pdfs(documents: dict[str, list[str]], jobs: int | None = None, progress=None, while_waiting=None) -> dict:
    """Render documents given as lists of HTML parts to PDF bytes on all cores, parts joined.

    The largest parts go first so that every core stays busy to the end; `while_waiting` runs
    in this process while the others render. An interruption (Ctrl-C, SIGTERM turned into
    KeyboardInterrupt by the command) cancels the queue and ends the render processes at once.
    """
    say = progress or (lambda msg: None)
    tasks = [(name, i, text) for name, parts in documents.items() for i, text in enumerate(parts)]
    order = sorted(range(len(tasks)), key=lambda k: -len(tasks[k][2]))
    workers = max(1, min(jobs or os.cpu_count() or 1, len(tasks)))
    done: dict[tuple, bytes] = {}
    if workers == 1:
        if while_waiting:
            while_waiting()
        for k in order:
            done[tasks[k][:2]] = pdf_bytes(tasks[k][2])
    else:
        with WorkerPool(workers) as pool:  # an interruption or a failure ends every render process at once
            futures = dict(zip(order, pool.submit_all(pdf_bytes, [tasks[k][2] for k in order])))
            if while_waiting:
                while_waiting()
            for n, k in enumerate(order, 1):
                done[tasks[k][:2]] = futures[k].result()
                if n % 5 == 0 or n == len(tasks):
                    say(Message("render.parts", n=n, total=len(tasks)))
    return {name: join_pdfs([done[(name, i)] for i in range(len(parts))]) for name, parts in documents.items()}


def write_pdf(html_text: str, path: Path) -> Path:
    return write_atomic(path, pdf_bytes(html_text))
