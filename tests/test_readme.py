"""The README's promises: its commands work as written, the shipped sample workbook publishes, the links lead somewhere."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

from click.testing import CliRunner

from prefprint.cli import cli

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
SPEC = "sample_events/club-night-20.toml"
FILLED = "sample_events/club-night-20-filled.xlsx"
REMEDY = "the sample workbook is stale: run `python tools/make_sample_workbook.py` and commit the .xlsx"


def readme() -> str:
    return README.read_text(encoding="utf-8")


def shell_lines(text: str) -> list[str]:
    """The lines of the ```sh blocks of a Markdown text."""
    blocks = re.findall(r"```sh\n(.*?)```", text, re.S)
    return [line.strip() for block in blocks for line in block.splitlines() if line.strip()]


def test_readme_is_a_readme_not_the_manual():
    assert len(README.read_bytes()) <= 12 * 1024, "README.md over 12 KB: move the detail into docs/"


def test_the_sample_workbook_belongs_to_the_sample_event():
    from prefprint.io.spec import load_event
    from prefprint.io.workbook import read_meta

    meta = read_meta(ROOT / FILLED)
    assert meta is not None, REMEDY
    event = load_event(ROOT / SPEC)
    assert (meta.get("event"), meta.get("digest")) == (event.title, event.digest), REMEDY


def test_the_sample_seasons_workbooks_belong_to_their_evenings():
    """sample_events/season: each evening's workbook is the one its spec prints (tools/make_sample_season.py)."""
    from prefprint.io.spec import load_event
    from prefprint.io.workbook import read_meta

    specs = sorted((ROOT / "sample_events" / "season").glob("evening-*.toml"))
    assert len(specs) >= 6
    for spec in specs:
        meta = read_meta(spec.with_suffix(".xlsx"))
        event = load_event(spec)
        assert meta and (meta.get("event"), meta.get("digest")) == (event.title, event.digest), (
            f"{spec.name}: run `python tools/make_sample_season.py` and commit sample_events/season/"
        )
    line = "prefprint season sample_events/season/club.toml"
    assert line in readme() and (ROOT / "sample_events" / "season" / "club.toml").is_file()


def test_the_readme_publishes_the_shipped_workbook(tmp_path, monkeypatch):
    command = f"prefprint results {SPEC} {FILLED}"
    assert command in readme()
    monkeypatch.chdir(ROOT)  # the paths as the README writes them, from the root of a clone
    args = shlex.split(command)[1:] + ["-o", str(tmp_path / "results"), "--json"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, f"{REMEDY}\n{result.output}"
    ranking = json.loads(result.stdout)["ranking"]
    assert len(ranking) == 20 and ranking[0]["place"] == "1"
    assert all(0 <= r["percent"] <= 100 for r in ranking)
    assert (tmp_path / "results" / "index.html").is_file() and (tmp_path / "results" / "results.pdf").is_file()


def test_the_readme_runs_the_tests_as_ci_does():
    lines = shell_lines(readme())
    tests = [line for line in lines if "pytest" in line]
    assert tests == ["python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest"]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").replace(" -q", "")
    for step in tests[0].split(" && "):
        assert step in ci, step
    kit = [line for line in lines if line.startswith("python3 -m venv") and "prefprint kit" in line]
    assert kit == ["python3 -m venv .venv && .venv/bin/pip install -e . && .venv/bin/prefprint kit " + SPEC]


def _links(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"```.*?```", "", text, flags=re.S)  # code is not a link
    return [m for m in re.findall(r"\]\(([^)\s]+)\)", text) if not re.match(r"[a-z]+:", m)]


def test_links_of_the_readme_and_the_manual_lead_to_files_and_headings():
    pages = [README, *sorted(DOCS.glob("*.md"))]
    broken = []
    for page in pages:
        for link in _links(page):
            target, _, anchor = link.partition("#")
            file = (page.parent / target).resolve() if target else page
            if not file.exists():
                broken.append(f"{page.relative_to(ROOT)}: {link}")
            elif anchor and file.suffix == ".md" and anchor not in _anchors(file):
                broken.append(f"{page.relative_to(ROOT)}: {link} (no such heading)")
    assert broken == []


def _anchors(path: Path) -> set[str]:
    """The anchors a forge gives the headings of a Markdown page (lower case, punctuation dropped, - for spaces)."""
    out = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        m = re.match(r"#+\s+(.*)", line)
        if m:
            slug = re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            out.add(slug)
    return out


def test_the_manual_has_its_pages():
    index = (DOCS / "index.md").read_text(encoding="utf-8")
    for page in sorted(DOCS.glob("*.md")):
        if page.name != "index.md":
            assert f"({page.name})" in index, f"docs/index.md does not link {page.name}"


def test_every_option_of_every_command_is_in_its_line_of_the_readme():
    """The synopsis under ## Commands names each option `--help` lists (its long or short name)."""
    import click

    section = readme().split("## Commands", 1)[1].split("\n## ", 1)[0]
    missing = []
    for name, command in cli.commands.items():
        line = next((s for s in section.splitlines() if s.startswith(f"prefprint {name} ")), "")
        for option in command.params:
            if not isinstance(option, click.Option) or "--help" in option.opts:
                continue
            if not any(re.search(re.escape(o) + r"(?![\w-])", line) for o in option.opts):
                missing.append(f"{name} {option.opts[-1]}")
    assert missing == []
