"""Shared fixtures: sample events, their kits and filled workbooks (built once per session)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_events"
GOLDEN = Path(__file__).resolve().parent / "golden"
HOSTILE = "<b>&\"'"  # a name that must be shown as text everywhere
ESCAPED = "&lt;b&gt;&amp;&#34;&#39;"
URL = "https://pulya.example.org/2026/cup/"
pytest_plugins = ["servers"]  # the FTP and SFTP servers of the publish tests (tests/servers.py)


def pytest_configure(config):
    # The double-dummy analysis that `kit` and `results` run by default takes seconds a deal: the
    # commands run without it here (subprocesses too); the tests of the analysis ask for it.
    import os

    os.environ.setdefault("PREFPRINT_NO_ANALYSIS", "1")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden HTML files")


@pytest.fixture
def browser():
    """Headless Chromium at 1280 px through Selenium (a test module may have its own of another size)."""
    from helpers import chromium

    driver = chromium(1280, 900)
    yield driver
    driver.quit()


@pytest.fixture
def phone():
    """Headless Chromium at a phone's 390 × 844 px."""
    from helpers import chromium

    driver = chromium(390, 844)
    yield driver
    driver.quit()


@pytest.fixture(scope="session")
def update_golden(request):
    return request.config.getoption("--update-golden")


def sample_specs():
    return sorted(SAMPLES.glob("*.toml"))


@pytest.fixture(scope="session")
def events():
    from prefprint.io.spec import load_event

    return {p.stem: load_event(p) for p in sample_specs()}


@pytest.fixture(scope="session")
def kits(tmp_path_factory, events):
    """The whole kit of every sample event but the 100-player open, written once.

    The open's whole kit (40 s of rendering) is measured by benchmarks/run.py; the tests
    render parts of its documents where they look at it.
    """
    from prefprint.app.kit import write_kit

    base = tmp_path_factory.mktemp("kits")
    out = {}
    for stem, event in events.items():
        if stem == "open-100":
            continue
        write_kit(event, base / stem)
        out[stem] = base / stem
    return out


def has(program: str) -> bool:
    return shutil.which(program) is not None


def hostile_source(stem: str, url: str = URL) -> str:
    source = (SAMPLES / f"{stem}.toml").read_text(encoding="utf-8")
    source = source.replace('name = "Иванов Иван"', 'name = "<b>&\\"\'"')
    return source.replace("[movement]", f'[publish]\nurl = "{url}"\n\n[movement]', 1)


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    """The club night published with a hostile name, a row not played, an adjusted row, a spoiled deal."""
    from helpers import run_session

    from prefprint.engine.fills import random_fills
    from prefprint.io.spec import parse_event
    from prefprint.io.workbook import fill_workbook, write_protocol_workbook

    event = parse_event(hostile_source("club-night-20"), "club-night-20.toml")
    base = tmp_path_factory.mktemp("site")
    blank = write_protocol_workbook(event, base / "protocols.xlsx")
    fills, _ = random_fills(event, 5)
    first = event.rows_of(event.deal(1))
    fills[(1, first[1].round, first[1].table)] = {"contract": "не сыграна"}
    fills[(2, first[2].round, event.rows_of(event.deal(2))[2].table)] = {
        "contract": "корр",
        "N_mp": 60,
        "E_mp": 40,
        "S_mp": 50,
        "W_mp": 50,
    }
    path = fill_workbook(blank, base / "filled.xlsx", fills, {5: "испорчена"})
    report = run_session(event, path, base / "out")
    return report, base / "out"


def text_of_page(path: Path) -> str:
    return path.read_text(encoding="utf-8")
