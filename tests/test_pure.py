"""The engine is pure: movement, scoring, matchpoints and deals import no I/O library."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "prefprint"
IO_LIBRARIES = {"click", "jinja2", "weasyprint", "openpyxl", "pypdf"}


@pytest.mark.parametrize("module", ["movement", "designs", "rules", "matchpoints", "deals", "model", "sample", "i18n",
                                    "errors", "solver"])
def test_engine_modules_import_no_io_library(module):
    tree = ast.parse((PKG / f"{module}.py").read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imported.add(node.module.split(".")[0])
    assert not imported & IO_LIBRARIES


def test_only_cli_imports_click_and_only_workbook_imports_openpyxl():
    for path in PKG.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        if path.stem != "cli":
            assert "import click" not in text, path.name
        if path.stem != "workbook":
            assert "openpyxl" not in text.replace("openpyxl user", ""), path.name


def test_precomputed_designs_load_as_package_data():
    """The searched designs ship inside the package (read through importlib.resources)."""
    from prefprint import designs

    assert (PKG / designs.DATA).is_file()
    assert designs.stored()[("group", 4, 10)][0] == "Z10"


def test_templates_ship_inside_the_wheel():
    """pyproject maps the top-level templates/ into the package for installed use."""
    text = (PKG.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert '"templates" = "prefprint/templates"' in text
    from prefprint.render import templates_dir
    assert (templates_dir() / "base.html").is_file()
