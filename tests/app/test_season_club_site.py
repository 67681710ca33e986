"""The club's site as it goes on the web: the sample season's evenings inside it (evenings/<date>-<name>/), every
relative link of every page found in the tree, the evenings' pages linking back to the club's home, a publish to a
folder equal to it byte for byte, and after one more evening only the changed files sent."""

from __future__ import annotations

import shutil
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from click.testing import CliRunner
from servers import home, tree

from prefprint.app.season import run
from prefprint.app.upload import publish_site, read_site
from prefprint.cli import cli
from prefprint.io.club import load_club

SAMPLE = Path(__file__).resolve().parents[2] / "sample_events" / "season"


class Links(HTMLParser):
    """The href and src of a page's elements."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.found += [value for name, value in attrs if name in ("href", "src") and value]


def relative_links(page: Path) -> list[str]:
    parser = Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return [x for x in parser.found if not urlsplit(x).scheme and not x.startswith(("#", "//"))]


def resolved(page: Path, link: str) -> Path:
    return (page.parent / unquote(urlsplit(link).path)).resolve()


def publish_evening(root: Path, n: int) -> None:
    spec = root / "sample_events" / "season" / f"evening-0{n}.toml"
    out = root / "output" / f"evening-0{n}" / "results"
    args = ["results", str(spec), str(SAMPLE / f"evening-0{n}.xlsx"), "--no-pdf", "--no-analysis", "-o", str(out)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """The sample club laid out as in the repository (sample_events/season/ beside output/), evenings 1 to 7
    published and the season made into output/club/; its club.toml uploads to web/ beside it."""
    root = tmp_path_factory.mktemp("club")
    shutil.copytree(SAMPLE, root / "sample_events" / "season", ignore=shutil.ignore_patterns("*.xlsx"))
    path = root / "sample_events" / "season" / "club.toml"
    path.write_text(path.read_text(encoding="utf-8") + '\n[publish]\nupload = "web"\n', encoding="utf-8")
    (path.parent / "web").mkdir()
    for n in range(1, 8):
        publish_evening(root, n)
    run(load_club(path), root / "output" / "club")
    return path


def test_the_evenings_are_inside_the_club_site_byte_for_byte(club):
    root = club.parents[2]
    site = root / "output" / "club"
    evenings = sorted(p.name for p in (site / "evenings").iterdir())
    assert evenings == [f"2026-{d}-evening-0{n}" for n, d in enumerate(
        ["10-01", "10-08", "10-15", "10-22", "10-29", "11-05", "11-12"], 1)]  # fmt: skip
    own = tree(root / "output" / "evening-03" / "results")
    assert own and tree(site / "evenings" / "2026-10-15-evening-03") == own


@pytest.fixture(scope="module")
def links(club) -> dict[Path, list[tuple[str, Path]]]:
    """Every page of the club's site (before evening 8) -> its relative links, each with the file it leads to."""
    site = club.parents[2] / "output" / "club"
    return {page: [(x, resolved(page, x)) for x in relative_links(page)] for page in sorted(site.rglob("*.html"))}


def test_every_relative_link_of_every_page_is_a_file_of_the_site(club, links):
    site = (club.parents[2] / "output" / "club").resolve()
    broken = [f"{page.name} -> {x}" for page, found in links.items() for x, target in found
              if not target.is_file() or site not in target.parents]  # fmt: skip
    assert len(links) > 100 and sum(map(len, links.values())) > 1000
    assert not broken, broken[:10]
    index = (site / "index.html").read_text(encoding="utf-8")
    assert 'href="evenings/2026-10-01-evening-01/index.html"' in index


def test_every_page_of_an_evening_links_back_to_the_clubs_home(club, links):
    site = club.parents[2] / "output" / "club"
    home_page = (site / "index.html").resolve()
    pages = [p for p in links if (site / "evenings") in p.parents]
    without = [p for p in pages if home_page not in {target for _, target in links[p]}]
    assert len(pages) > 100 and not without, without[:5]
    page = (site / "evenings" / "2026-10-08-evening-02" / "deals" / "deal-1.html").read_text(encoding="utf-8")
    assert '<a class="home" href="../../../index.html">Клуб «Пуля»</a>' in page


def test_the_published_site_is_the_local_one_and_one_more_evening_sends_only_what_changed(club, tmp_path, monkeypatch):
    home(tmp_path, monkeypatch)
    root = club.parents[2]
    site, web = root / "output" / "club", club.parent / "web"
    first = publish_site(read_site(club), site)
    assert tree(web) == tree(site) and len(first.uploaded) == len(tree(site))
    assert publish_site(read_site(club), site).uploaded == []
    publish_evening(root, 8)
    run(load_club(club), site)
    started = time.monotonic()
    again = publish_site(read_site(club), site)
    seconds = time.monotonic() - started
    assert tree(web) == tree(site)
    new = [n for n in again.uploaded if n.startswith("evenings/2026-12-03-evening-08/")]
    assert new and len(new) == len(tree(site / "evenings" / "2026-12-03-evening-08"))
    old_evenings = [n for n in again.uploaded if n.startswith("evenings/") and n not in new]
    assert old_evenings == []  # the evenings played before travel no more
    print(f"\nclub site: {len(tree(site))} files; after evening 8: {len(again.uploaded)} sent ({len(new)} of the "
          f"evening, {len(again.uploaded) - len(new)} of the season), {again.bytes} bytes, {seconds:.2f} s")  # fmt: skip
