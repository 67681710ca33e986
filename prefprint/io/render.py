"""HTML from templates and PDF from HTML (the only jinja2 and weasyprint user); atomic writes."""

from __future__ import annotations

import gc
import io
import os
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from prefprint.engine.rules import fmt_whists
from prefprint.io.outdir import write_atomic
from prefprint.io.pool import WorkerPool
from prefprint.words.i18n import METHOD_NAMES, VARIANT_NAMES, forms, note_text, words
from prefprint.words.messages import Message, counted, plural, text_of
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
    env.filters["plural"] = plural  # {{ n|plural(f.deal) }}: the word alone
    env.filters["counted"] = counted  # {{ n|counted(f.deal) }}: "5 сдач"
    env.filters["short_name"] = short_name
    env.globals["text_of"] = text_of
    env.globals["qr"] = qr_svg
    env.globals["note_text"] = note_text
    env.globals["METHOD_NAMES"] = METHOD_NAMES
    env.globals["VARIANT_NAMES"] = VARIANT_NAMES
    return env


def html(template: str, lang: str = "ru", **context) -> str:
    """Render one document template to an HTML string."""
    return environment().get_template(template).render(lang=lang, t=words(lang), f=forms(lang), **context)


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
