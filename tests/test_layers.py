"""The package keeps its layers: import-linter's contracts hold, no module imports itself in a circle."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "prefprint"


def test_import_contracts_hold():
    """The layers and the pure engine, as pyproject.toml states them, checked by import-linter."""
    tool = shutil.which("lint-imports") or str(Path(sys.executable).with_name("lint-imports"))
    assert Path(tool).exists(), "import-linter is not installed: pip install -e '.[test]'"
    out = subprocess.run([tool, "--no-cache"], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stdout + out.stderr
    assert "0 broken" in out.stdout


def test_no_import_cycle_between_modules():
    """No two modules import each other, directly or around a circle (imports inside functions count; those under
    `if TYPE_CHECKING:`, for annotations only, run never and make no circle)."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("prefprint", exclude_type_checking_imports=True)
    modules = sorted(graph.modules)
    cycles = []
    for module in modules:
        for other in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=other, imported=module):
                cycles.append((module, other))
    assert not cycles


def test_precomputed_designs_load_as_package_data():
    """The searched designs ship inside the package (read through importlib.resources)."""
    from prefprint.movement import designs

    assert (PKG / "movement" / designs.DATA).is_file()
    assert designs.stored()[("group", 4, 10)][0] == "Z10"


def test_templates_ship_inside_the_wheel():
    """pyproject maps the top-level templates/ into the package for installed use."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"templates" = "prefprint/templates"' in text
    from prefprint.io.render import templates_dir

    assert (templates_dir() / "base.html").is_file()
