"""Shared fixtures: sample events, their kits and filled workbooks (built once per session)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_events"
GOLDEN = Path(__file__).resolve().parent / "golden"


def pytest_configure(config):
    # The double-dummy analysis that `kit` and `results` run by default takes seconds a deal: the
    # commands run without it here (subprocesses too); the tests of the analysis ask for it.
    import os

    os.environ.setdefault("PREFPRINT_NO_ANALYSIS", "1")


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite the golden HTML files")


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
