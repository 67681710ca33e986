"""Helpers shared by several test modules: stand-ins, independent counts and tiny events."""

from __future__ import annotations

import contextlib
import io
import shutil
import threading
import time
from pathlib import Path

from prefprint.engine.rules import settle


def _tiny_pdf() -> bytes:
    from pypdf import PdfWriter

    w = PdfWriter()
    w.add_blank_page(10, 10)
    out = io.BytesIO()
    w.write(out)
    return out.getvalue()


TINY = _tiny_pdf()


def stub_render(documents, jobs=None, progress=None, while_waiting=None, pool=None):
    if while_waiting:
        while_waiting()
    return {name: TINY for name in documents}


@contextlib.contextmanager
def no_render_processes(jobs=None):
    """render_processes where stub_render renders: no process started."""
    yield None


def independent_ranking(event, outcomes, skip=()):
    """Matchpoints counted the plain way: every result against every other, by hand."""
    totals = {p.number: [0, 0] for p in event.players}
    for deal in event.deals:
        if deal.number in skip:
            continue
        rows = event.rows_of(deal)
        results = [settle(outcomes[(deal.number, r.round, r.table)], event.conventions).results for r in rows]
        for seat in event.seats:
            for i, row in enumerate(rows):
                mine = results[i][seat]
                mp = sum(
                    2 if mine > other[seat] else 1 if mine == other[seat] else 0
                    for j, other in enumerate(results)
                    if j != i
                )
                player = dict(row.seats)[seat]
                totals[player][0] += mp
                totals[player][1] += 2 * (len(rows) - 1)
    return totals


LAYOUTS = [  # quick to solve: long suits
    {
        "N": "♠ Т К Д В 10 9 8 7 ♣ 8 7",
        "E": "♣ Т К Д В 10 9 ♦ 10 9 8 7",
        "S": "♦ Т К Д В ♥ Д В 10 9 8 7",
        "talon": "♥К ♥Т",
    },
    {
        "N": "♠ Т К Д ♣ Т К Д ♦ Т К ♥ Т К",
        "E": "♠ В 10 9 ♣ В 10 9 ♦ Д В ♥ Д В",
        "S": "♠ 8 7 ♣ 8 7 ♦ 10 9 8 7 ♥ 10 9",
        "talon": "♥8 ♥7",
    },
]


def tiny_event_text(source: str = "") -> str:
    """Six players at two tables of 3, two rounds, two sets of two deals (prepared unless `source`)."""
    players = "".join(f"[[players]]\nnumber = {n}\n" for n in range(1, 7))
    prepared = (
        ""
        if source
        else "".join(
            f"[[deals.prepared]]\nnumber = {n}\n" + "".join(f'{k} = "{v}"\n' for k, v in LAYOUTS[n % 2].items())
            for n in range(1, 5)
        )
    )
    return (
        f'[event]\ntitle = "Tiny"\ndate = 2027-01-01\n[game]\nvariant = "sochi"\ntable_size = 3\n'
        f"deals_per_set = 2\n[deals]\nseed = 7\n{source}{prepared}{players}"
    )


def one_session(event):
    """A competition of the one session `event`, as `prefprint results` runs a one-session spec."""
    from prefprint.engine.model import Competition

    return Competition(
        title=event.title,
        date=event.date,
        venue=event.venue,
        language=event.language,
        source=event.source,
        stem=event.stem,
        players=event.players,
        sessions=(event,),
    )


def run_session(event, workbook, folder=None, rulings=None, **kw):
    """The session's report from the one pipeline of `prefprint results` (results.run): the workbook is
    identified, its typed-in layouts read, checked, scored, ranked and (unless publish=False) published."""
    from prefprint.app.results import Options, run

    rulings_of = (lambda e: rulings) if rulings is not None else None
    return run(one_session(event), [workbook], folder, Options(rulings_of=rulings_of, **kw)).reports[0]


def print_page(body: str, cls: str = "") -> str:
    """A page of `body` under the kit's print stylesheet, inline, its <body> of class `cls`."""
    from prefprint.io import render

    return (
        f'<!DOCTYPE html><html><head><style>\n{render.css_text().rstrip()}</style></head><body class="{cls}">'
        f"{body}</body></html>"
    )


# what the browser reports of a page: how far it scrolls sideways, and how far any .scroll box in it does
SIDEWAYS = (
    "var x=0; d.querySelectorAll('.scroll').forEach(function(s){x=Math.max(x, s.scrollWidth - s.clientWidth)});"
    " return (e.scrollWidth - e.clientWidth) + ' ' + x"
)


def in_chromium(folder: Path, pages: dict[str, int], measure: str = SIDEWAYS) -> dict[str, str]:
    """Each page of `folder` (path -> width in px) opened in headless Chromium, 900 px high, and what the
    JavaScript function body `measure` returns there (`d` its document, `e` its root element), as text."""
    import html
    import re
    import shutil
    import subprocess
    import tempfile

    frames = "".join(
        f'<iframe src="{page}" width="{w}" height="900" style="border:0" onload="var d=this.contentDocument,'
        f" e=d.documentElement; this.setAttribute('data-measure', (function(){{{html.escape(measure)}}})())\"></iframe>"
        for page, w in pages.items()
    )
    probe = folder / "probe.html"
    probe.write_text(f"<!DOCTYPE html><html><body>{frames}</body></html>", encoding="utf-8")
    profile = tempfile.mkdtemp()
    try:
        dom = subprocess.run(
            ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update", "--disable-sync",
             "--allow-file-access-from-files", f"--user-data-dir={profile}", "--window-size=1400,900",
             "--dump-dom", probe.as_uri()],
            capture_output=True, text=True, timeout=120,
        ).stdout  # fmt: skip
    finally:
        probe.unlink()
        shutil.rmtree(profile, ignore_errors=True)
    found = re.findall(r'<iframe src="([^"]+)"[^>]*data-measure="([^"]*)"', dom)
    measured = {src: html.unescape(value) for src, value in found}
    assert set(measured) == set(pages), dom[:500]
    return measured


def boxes_past(text: str) -> tuple[float, float, int]:
    """How far (CSS px) any box reaches past the right edge of its page, and past the bottom of
    its page's content area or of the half-page it sits in; and how many pages it takes."""
    import weasyprint

    from prefprint.io.render import templates_dir

    doc = weasyprint.HTML(string=text, base_url=str(templates_dir()) + "/").render()
    right = bottom = 0.0
    measured = 0
    for page in doc.pages:
        box = page._page_box
        floor = box.margin_height() - box.margin_bottom
        for b in box.descendants():
            if not (hasattr(b, "position_y") and hasattr(b, "margin_height")):
                continue
            measured += 1
            right = max(right, b.position_x + b.margin_width() - box.margin_width())
            element = getattr(b, "element", None)
            if element is not None and "half" in (element.get("class") or "").split():
                half_floor = b.position_y + b.margin_height()
                for d in b.descendants():
                    if hasattr(d, "position_y") and hasattr(d, "margin_height"):
                        bottom = max(bottom, d.position_y + d.margin_height() - half_floor)
            elif getattr(b, "element_tag", "") in ("td", "tr", "div", "p", "table"):
                bottom = max(bottom, b.position_y + b.margin_height() - floor)
    assert measured, "no box measured: WeasyPrint's boxes changed and the edges are not looked at"
    return right, bottom, len(doc.pages)


# --------------------------------------------------------------------------- processes (Linux /proc)


def alive(pid: int) -> bool:
    """The process runs (not ended, nor ended and waiting to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def children(pid: int) -> list[int]:
    """The living processes whose parent is `pid`."""
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            out.append(int(stat.parent.name))
    return out


def descendants(pid: int) -> set[int]:
    """The living processes under `pid`, its children's children too."""
    out, todo = set(), [pid]
    while todo:
        kids = children(todo.pop())
        out.update(kids)
        todo.extend(kids)
    return out


CHROMIUM, DRIVER = shutil.which("chromium") or "/usr/bin/chromium", shutil.which("chromedriver")


def chromium(width: int, height: int):
    """Headless Chromium driven by Selenium (Debian's chromium and chromium-driver), the window width × height."""
    import pytest

    pytest.importorskip("selenium")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"):
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.set_window_size(width, height)
    return driver


def start_uvicorn(app, port: int):
    """(server, thread): `app` served by uvicorn on 127.0.0.1:`port` on a thread of its own, once it has started; a
    test ends it with `server.should_exit = True` and `thread.join(…)`."""
    import uvicorn

    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.05)
    return srv, thread
