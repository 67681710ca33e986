"""HTML from templates and PDF from HTML (the only jinja2 and weasyprint user); atomic writes."""

from __future__ import annotations

import os
import tempfile
from functools import lru_cache
from pathlib import Path

import jinja2

from .i18n import METHOD_NAMES, VARIANT_NAMES, note_text, words
from .rules import fmt_whists


def templates_dir() -> Path:
    """Templates inside the installed package, or the top-level templates/ of a checkout."""
    here = Path(__file__).resolve().parent
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
    env.globals["note_text"] = note_text
    env.globals["METHOD_NAMES"] = METHOD_NAMES
    env.globals["VARIANT_NAMES"] = VARIANT_NAMES
    return env


def html(template: str, lang: str = "ru", **context) -> str:
    """Render one document template to an HTML string."""
    return environment().get_template(template).render(lang=lang, t=words(lang), **context)


def css_text() -> str:
    return (templates_dir() / "print.css").read_text(encoding="utf-8")


_UMASK = os.umask(0)
os.umask(_UMASK)


def write_atomic(path: Path, data: bytes | str) -> Path:
    """Write a file through a temporary one in the same folder, so it is never half-written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.chmod(tmp, 0o666 & ~_UMASK)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def pdf_bytes(html_text: str) -> bytes:
    """Render HTML to PDF bytes with WeasyPrint (relative URLs resolve in the templates folder)."""
    import weasyprint

    return weasyprint.HTML(string=html_text, base_url=str(templates_dir()) + "/").write_pdf()


def write_pdf(html_text: str, path: Path) -> Path:
    return write_atomic(path, pdf_bytes(html_text))
