"""HTML from templates and PDF from HTML (the only jinja2 and weasyprint user); atomic writes."""

from __future__ import annotations

import ctypes
import gc
import io
import os
import signal
import threading
import time
from functools import lru_cache
from pathlib import Path

import jinja2
from markupsafe import Markup

from prefprint.engine.rules import fmt_whists
from prefprint.io.outdir import write_atomic
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


@lru_cache(maxsize=1)
def css_text() -> str:
    return (templates_dir() / "print.css").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _stylesheet():
    """print.css parsed once per process (weasyprint.CSS), for every document this process renders."""
    import weasyprint

    return weasyprint.CSS(string=css_text(), base_url=str(templates_dir()) + "/")


def warm_up() -> None:
    """Ready a render process: WeasyPrint imported, the stylesheet parsed, and what lives on left out of the
    cyclic collector's walks (gc.freeze), so that the collection after each document walks its garbage only."""
    import weasyprint  # noqa: F401

    _stylesheet()
    gc.collect()
    gc.freeze()


def pdf_bytes(html_text: str) -> bytes:
    """Render HTML to PDF bytes with WeasyPrint (relative URLs resolve in the templates folder).

    The page's own copy of print.css (base.html puts it inline, for browsers) is left out and the
    stylesheet this process parsed once is used instead: the same rules, not parsed again for every document.
    """
    import weasyprint

    css = css_text().rstrip("\n")
    block = f"<style>\n{css}</style>"  # as base.html includes it
    shared = css in html_text
    if shared:
        html_text = html_text.replace(block, "", 1) if block in html_text else html_text.replace(css, "", 1)
    # WeasyPrint builds large trees of short-lived objects: the cyclic collector only slows it
    # down while a document renders, so collect once afterwards instead.
    enabled = gc.isenabled()
    gc.disable()
    try:
        document = weasyprint.HTML(string=html_text, base_url=str(templates_dir()) + "/")
        return document.write_pdf(stylesheets=[_stylesheet()] if shared else None)
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


def _worker_start() -> None:
    """In each render process: end with the parent (even when it is killed), leave Ctrl-C to it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the workers itself
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})
    try:  # Linux: the kernel kills this process when its parent dies
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    except (AttributeError, OSError):
        pass
    parent = os.getppid()
    if parent == 1:  # the parent died before the line above
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    warm_up()


def _watch_parent(parent: int) -> None:
    """Where the kernel cannot do it: leave as soon as the parent is gone."""
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


_PR_SET_PDEATHSIG = 1


def _stop(pool) -> None:
    """Cancel what is queued and end the render processes now."""
    processes = list((getattr(pool, "_processes", None) or {}).values())  # shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in processes:
        if proc.is_alive():
            proc.terminate()
    for proc in processes:
        proc.join(1)
        if proc.is_alive():
            proc.kill()


def cost(html_text: str) -> int:
    """What a document costs WeasyPrint, roughly: its elements and its text (its <head> left out)."""
    body = html_text[max(0, html_text.find("<body")):]
    return body.count("<") + len(body) // 50


def render_order(texts: list[str]) -> list[int]:
    """The order in which parts are handed to the render processes: the costliest first, each process taking
    the next part when it is free, so that the cheap parts fill in at the end and every core is busy to the end."""
    costs = [cost(t) for t in texts]
    return sorted(range(len(texts)), key=lambda k: -costs[k])


def render_pdfs(documents: dict[str, list[str]], jobs: int | None = None, progress=None, while_waiting=None) -> dict:
    """Render documents given as lists of HTML parts to PDF bytes on all cores, parts joined.

    `while_waiting` runs in this process while the others render. An interruption (Ctrl-C,
    SIGTERM turned into KeyboardInterrupt by the command) cancels the queue and ends the render processes at once.
    """
    tasks = [(name, i) for name, parts in documents.items() for i in range(len(parts))]
    texts = [documents[name][i] for name, i in tasks]
    pdfs = render_texts(texts, jobs, progress, while_waiting)
    done = dict(zip(tasks, pdfs))
    return {name: join_pdfs([done[(name, i)] for i in range(len(parts))]) for name, parts in documents.items()}


def render_texts(texts: list[str], jobs: int | None = None, progress=None, while_waiting=None) -> list[bytes]:
    """PDF bytes of each HTML text, rendered in the order of render_order on all cores."""
    say = progress or (lambda msg: None)
    order = render_order(texts)
    workers = max(1, min(jobs or os.cpu_count() or 1, len(texts)))
    done: dict[int, bytes] = {}
    if workers == 1:
        if while_waiting:
            while_waiting()
        for k in order:
            done[k] = pdf_bytes(texts[k])
    else:
        from concurrent.futures import ProcessPoolExecutor

        # an interruption while the pool starts its processes and takes the tasks could leave its locks
        # held: it is delivered right after, where stopping the pool is clean
        stops = {signal.SIGINT, signal.SIGTERM}
        blocked = threading.current_thread() is threading.main_thread()
        if blocked:
            signal.pthread_sigmask(signal.SIG_BLOCK, stops)
        pool = ProcessPoolExecutor(workers, initializer=_worker_start)
        try:
            try:
                futures = {k: pool.submit(pdf_bytes, texts[k]) for k in order}
            finally:
                if blocked:
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, stops)
            if while_waiting:
                while_waiting()
            for n, k in enumerate(order, 1):
                done[k] = futures[k].result()
                if n % 5 == 0 or n == len(texts):
                    say(Message("render.parts", n=n, total=len(texts)))
        except BaseException:
            _stop(pool)
            raise
        pool.shutdown()
    return [done[k] for k in range(len(texts))]


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
