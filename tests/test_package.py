"""The package's rooms stay small: no module over 800 lines, no function over 90, no class over 300.

A module may be larger only where the first lines of its docstring say why, in a paragraph that
starts with «Size:» (`analysis/search.py`: each of its two searches is one function, the hot path).
No module reaches into another for a private name: what two modules share has a public name.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "prefprint"
MODULE_LINES, FUNCTION_LINES, CLASS_LINES = 800, 90, 300


def _modules():
    return sorted(PKG.rglob("*.py"))


def _exempt(tree: ast.Module) -> bool:
    """The docstring says why the module is large, within its first ten lines."""
    doc = ast.get_docstring(tree) or ""
    return any(line.startswith("Size:") for line in doc.splitlines()[:10])


def test_the_package_has_its_modules():
    assert len(_modules()) > 50


def test_no_room_is_too_big():
    """Every module, function and class within its size, or the module says why."""
    too_big = []
    for path in _modules():
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        if _exempt(tree):
            continue
        name = path.relative_to(ROOT).as_posix()
        lines = len(text.splitlines())
        if lines > MODULE_LINES:
            too_big.append(f"{name}: {lines} lines")
        for node in ast.walk(tree):
            limit = {ast.FunctionDef: FUNCTION_LINES, ast.AsyncFunctionDef: FUNCTION_LINES, ast.ClassDef: CLASS_LINES}
            if type(node) in limit and node.end_lineno - node.lineno + 1 > limit[type(node)]:
                too_big.append(f"{name}:{node.lineno} {node.name}: {node.end_lineno - node.lineno + 1} lines")
    assert not too_big, "\n".join(too_big)


def test_an_exemption_is_honoured_only_where_it_is_said():
    """The rule itself: a big module without «Size:» is caught, one with it is not."""
    plain = ast.parse('"""A module."""\n' + "x = 1\n" * 900)
    said = ast.parse('"""A module.\n\nSize: one table of data, read whole.\n"""\n' + "x = 1\n" * 900)
    assert not _exempt(plain) and _exempt(said)


def _rooms_of(package: Path) -> set[str]:
    """The modules and subpackages of a package of prefprint, by name."""
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    return modules | {p.name for p in package.iterdir() if (p / "__init__.py").is_file()}


def test_tests_mirror_the_package():
    """tests/<package>/test_<module>[_<aspect>].py tests prefprint/<package>/<module>; test_<package>[_<aspect>].py
    its face (the whole package, as desk's hostile sweep takes every route of the desk).

    The files at the top of tests/ test the package as a whole (its layers, its rooms, the README).
    """
    tests = ROOT / "tests"
    strays = []
    for path in sorted(tests.rglob("test_*.py")):
        rel = path.relative_to(tests)
        if len(rel.parts) == 1:
            continue
        package = PKG.joinpath(*rel.parts[:-1])
        name = path.stem.removeprefix("test_")
        rooms = _rooms_of(package) if package.is_dir() else set()
        if not any(name == r or name.startswith(r + "_") for r in {package.name, *rooms}):
            strays.append(rel.as_posix())
    assert not strays, f"test files named for no module: {strays}"


def test_a_test_file_name_is_used_once():
    """tests/ has no __init__.py: pytest imports test files by their names, which must differ."""
    names = [p.name for p in (ROOT / "tests").rglob("*.py") if p.name != "conftest.py"]
    assert len(names) == len(set(names)), sorted({n for n in names if names.count(n) > 1})


def _module_name(path: Path) -> str:
    """prefprint/io/spec.py -> prefprint.io.spec; a package's __init__.py -> the package."""
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_private_module(module: str) -> bool:
    """A module of prefprint whose own name starts with `_` (starlette's `_utils.py`): its names are there to share."""
    path = PKG.parent.joinpath(*module.split("."))
    return _private(module.rsplit(".", 1)[-1]) and (path.with_suffix(".py").is_file() or path.is_dir())


def _private_imports(source: str, module: str, is_package: bool = False) -> list[tuple[str, str]]:
    """(module imported from, name) of every `from prefprint… import _name` in a module's source.

    A private module may be imported from (its own name starts with `_`), or imported itself.
    """
    out = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.ImportFrom):
            continue
        if node.level:  # relative: from the module's package (or the package itself for __init__.py)
            base = module.split(".")[: len(module.split(".")) - node.level + (1 if is_package else 0)]
            origin = ".".join(base + ([node.module] if node.module else []))
        else:
            origin = node.module or ""
        if origin.split(".")[0] != "prefprint" or _private(origin.rsplit(".", 1)[-1]):
            continue
        for alias in node.names:
            if _private(alias.name) and not _is_private_module(f"{origin}.{alias.name}"):
                out.append((origin, alias.name))
    return out


def test_no_private_name_crosses_modules():
    """No `from prefprint.x import _private` across modules (starlette's style: shared names are public, and
    what must stay internal lives in a module whose own name starts with `_`, its docstring saying why)."""
    offenders = []
    for path in _modules():
        module = _module_name(path)
        for origin, name in _private_imports(path.read_text(encoding="utf-8"), module, path.name == "__init__.py"):
            offenders.append(f"{module}: from {origin} import {name}")
    assert not offenders, "private names imported across modules:\n" + "\n".join(offenders)


def test_a_private_import_is_caught_and_a_private_module_is_not():
    """The rule itself: a private name is caught, a dunder, a public name, a private module's names are not."""
    source = (
        "from prefprint.io.spec import _typed, parse_value\n"
        "from prefprint.movement._helpers import _shared\n"
        "from prefprint import __version__\n"
        "from .spec import _found\n"
        "from os import _exit\n"
        "def f():\n    from prefprint.movement.choice import _late\n"
    )
    found = _private_imports(source, "prefprint.io.club")
    assert found == [
        ("prefprint.io.spec", "_typed"),
        ("prefprint.io.spec", "_found"),
        ("prefprint.movement.choice", "_late"),
    ]
    assert _private_imports("from . import _x\n", "prefprint.io", is_package=True) == [("prefprint.io", "_x")]


def test_the_development_page_names_every_module():
    """docs/development.md's «Every module» names each module under its package's line, as `name.py` or
    `subpackage/name.py`; a module added without a word there fails."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    section = text.split("### Every module", 1)[1].split("\n## ", 1)[0]
    named: dict[str, set[str]] = {}
    for item in section.split("\n- ")[1:]:
        head, _, rest = item.partition("**:") if "**:" in item else item.partition("** itself:")
        package = head.strip("*` ").removeprefix("prefprint/").strip("/")
        named[package] = set(re.findall(r"`([\w/]+\.py)`", rest))
    missing = []
    for path in _modules():
        rel = path.relative_to(PKG)
        if path.name == "__init__.py":
            continue
        package = rel.parts[0] if len(rel.parts) > 1 else ""
        name = rel.relative_to(package).as_posix() if package else rel.as_posix()
        if name not in named.get(package, set()):
            missing.append(rel.as_posix())
    assert not missing, f"not named in docs/development.md «Every module»: {missing}"
