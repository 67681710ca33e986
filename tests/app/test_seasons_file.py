"""The club's seasons as the desk edits them: one added, edited, removed in club.toml, a hand-written file's comments
kept, a file edited by hand since the page read it never written over, every problem at its field and nothing
written while one remains; `prefprint season` reads what the desk wrote as it reads the same file written by hand."""

from __future__ import annotations

import pytest
from test_season import NAMES, REGISTRY, evening

from prefprint.app.club_files import ClubFolder, FormError, NotFound
from prefprint.app.season import run, season_json
from prefprint.app.seasons_file import add_season, edit_season, list_seasons, remove_season
from prefprint.io.club import ClubError, load_club
from prefprint.io.toml_saving import StaleFile

CLUB = """# our club, kept by hand
[club]
title = "Клуб «Пуля»"
events = ["evenings/*"]   # where the results are

[[seasons]]
title = "Осень"   # the autumn ladder
from = 2026-09-01
to = 2026-11-30
count = 6  # the best six
min_events = 3

# the site goes up here
[publish]
url = "https://pulya.example.org/club/"
"""
CUP = {"title": "Кубок", "from": "2026-10-01", "to": "2026-10-31", "count": "all", "min_events": "1",
       "score": "places", "place_points": "20, 17, 15, 13, 11, 10, 9, 8"}  # fmt: skip


@pytest.fixture
def desk(tmp_path):
    (tmp_path / "club.toml").write_text(CLUB, encoding="utf-8")
    (tmp_path / "players.toml").write_text(REGISTRY, encoding="utf-8")
    return ClubFolder(tmp_path)


def seen(desk) -> str:
    return list_seasons(desk)["seen"]


def test_the_seasons_are_listed_as_the_reader_reads_them(desk):
    listed = list_seasons(desk)
    assert listed["seasons"] == [
        {"n": 1, "title": "Осень", "from": "2026-09-01", "to": "2026-11-30", "count": 6, "min_events": 3,
         "score": "percent", "place_points": []},
    ]  # fmt: skip
    assert len(listed["seen"]) == 64


def test_a_season_added_edited_and_removed_keeps_the_files_comments(desk):
    got = add_season(desk, CUP | {"seen": seen(desk)})
    assert [s["title"] for s in got["seasons"]] == ["Осень", "Кубок"]
    assert got["seasons"][1] | {"n": 0} == {"n": 0, "title": "Кубок", "from": "2026-10-01", "to": "2026-10-31",
        "count": "all", "min_events": 1, "score": "places", "place_points": [20, 17, 15, 13, 11, 10, 9, 8]}  # fmt: skip
    text = desk.club_file.read_text(encoding="utf-8")
    assert text.index('[[seasons]]\ntitle = "Кубок"') < text.index("# the site goes up here") < text.index("[publish]")
    got = edit_season(desk, "1", {"title": "Осень 2026", "from": "2026-09-01", "to": "2026-12-31", "count": "all",
                                  "min_events": "", "score": "percent", "seen": got["seen"]})  # fmt: skip
    assert got["seasons"][0] | {"n": 0} == {"n": 0, "title": "Осень 2026", "from": "2026-09-01", "to": "2026-12-31",
        "count": "all", "min_events": 1, "score": "percent", "place_points": []}  # fmt: skip
    text = desk.club_file.read_text(encoding="utf-8")
    for comment in ("# our club, kept by hand", "# where the results are", '"Осень 2026"   # the autumn ladder',
                    "# the site goes up here", 'count = "all"  # the best six'):  # fmt: skip
        assert comment in text
    assert "min_events" not in text.split("[[seasons]]")[1]  # left empty: the reader's default
    got = remove_season(desk, "1", {"seen": got["seen"]})
    assert [s["title"] for s in got["seasons"]] == ["Кубок"]
    assert "# the autumn ladder" not in desk.club_file.read_text(encoding="utf-8")
    got = remove_season(desk, "1", {"seen": got["seen"]})
    assert got["seasons"] == [] and load_club(desk.club_file).seasons == []
    assert "# the site goes up here" in desk.club_file.read_text(encoding="utf-8")


def test_a_season_added_to_a_club_without_any_is_its_first(desk):
    desk.club_file.write_text('[club]\ntitle = "Клуб"\nevents = ["evenings/*"]\n', encoding="utf-8")
    got = add_season(desk, {"title": "Год", "from": "2026-01-01", "to": "2026-12-31", "seen": seen(desk)})
    assert [(s["title"], s["count"], s["score"]) for s in got["seasons"]] == [("Год", "all", "percent")]


@pytest.mark.parametrize(
    "form, said",
    [
        ({"to": "2026-08-01"}, {"to"}),  # before `from`
        ({"from": "2026-02-30", "to": "вчера"}, {"from", "to"}),
        ({"count": "x", "min_events": "-2"}, {"count", "min_events"}),
        ({"count": 0, "min_events": 10**30}, {"count", "min_events"}),
        ({"score": "place"}, {"score"}),
        ({"score": "places", "place_points": ""}, {"place_points"}),
        ({"score": "places", "place_points": "20, -1, 15"}, {"place_points"}),
        ({"score": "places", "place_points": list(range(20_000))}, {"place_points"}),
        ({"title": "Осень\x07", "to": "2026-01-01"}, {"title", "to"}),  # every problem at once
        ({"title": " ", "from": ""}, {"title", "from"}),
        ({"title": "x" * 201}, {"title"}),
        ({"count": {"best": 3}, "min_events": True}, {"count", "min_events"}),
        ({"score": "places\x00", "place_points": ["1", "2\u202e"], "from": "x"}, {"score", "place_points", "from"}),
    ],
)
def test_a_season_with_mistakes_is_refused_at_its_fields_and_nothing_is_written(desk, form, said):
    before = desk.club_file.read_bytes()
    for change in (lambda f: add_season(desk, f), lambda f: edit_season(desk, "1", f)):
        with pytest.raises(FormError) as e:
            change({"title": "Осень", "from": "2026-09-01", "to": "2026-11-30", "seen": seen(desk)} | form)
        lines = e.value.text("en").splitlines()
        assert {f for f, _ in e.value.problems} == said and len(set(lines)) == len(lines), lines  # each said once
        assert desk.club_file.read_bytes() == before


def test_two_seasons_may_overlap(desk):
    got = add_season(desk, {"title": "Октябрь", "from": "2026-10-01", "to": "2026-10-31", "seen": seen(desk)})
    assert len(got["seasons"]) == 2


def test_a_file_edited_by_hand_since_the_page_read_it_is_never_written_over(desk):
    token = seen(desk)
    hand = CLUB.replace("count = 6", "count = 5")
    desk.club_file.write_text(hand, encoding="utf-8")
    for change in (lambda: add_season(desk, CUP | {"seen": token}), lambda: edit_season(desk, "1", CUP | {"seen": token}),
                   lambda: remove_season(desk, "1", {"seen": token})):  # fmt: skip
        with pytest.raises(StaleFile):
            change()
        assert desk.club_file.read_text(encoding="utf-8") == hand
    with pytest.raises(FormError) as e:
        remove_season(desk, "1", {})
    assert [f for f, _ in e.value.problems] == ["seen"]
    assert remove_season(desk, "1", {"seen": seen(desk)})["seasons"] == []


def test_an_unknown_season_and_a_broken_file_are_refused(desk):
    for n in ("2", "0", "-1", "x", "9" * 40):
        with pytest.raises(NotFound):
            edit_season(desk, n, CUP | {"seen": seen(desk)})
        with pytest.raises(NotFound):
            remove_season(desk, n, {"seen": seen(desk)})
    desk.club_file.write_text(CLUB.replace("2026-11-30", "2026-08-30"), encoding="utf-8")
    before = desk.club_file.read_bytes()
    with pytest.raises(ClubError):
        add_season(desk, CUP | {"seen": seen(desk)})
    assert desk.club_file.read_bytes() == before


def test_the_season_reads_what_the_desk_wrote_as_the_same_file_written_by_hand(tmp_path, desk):
    for i, date in enumerate(["2026-10-01", "2026-10-08", "2026-10-15", "2026-11-05"]):
        evening(desk.folder / "evenings" / date, date, NAMES, seed=i)
    add_season(desk, CUP | {"seen": seen(desk)})
    edit_season(desk, "1", {"title": "Осень", "from": "2026-09-01", "to": "2026-11-30", "count": "2",
                            "min_events": "2", "score": "percent", "seen": seen(desk)})  # fmt: skip
    hand = tmp_path / "hand"
    hand.mkdir()
    for name in ("players.toml",):
        (hand / name).write_bytes((desk.folder / name).read_bytes())
    (hand / "evenings").symlink_to(desk.folder / "evenings")
    (hand / "club.toml").write_text(
        '[club]\ntitle = "Клуб «Пуля»"\nevents = ["evenings/*"]\n\n'
        '[[seasons]]\ntitle = "Осень"\nfrom = 2026-09-01\nto = 2026-11-30\ncount = 2\nmin_events = 2\n\n'
        '[[seasons]]\ntitle = "Кубок"\nfrom = 2026-10-01\nto = 2026-10-31\ncount = "all"\nmin_events = 1\n'
        'score = "places"\nplace_points = [20, 17, 15, 13, 11, 10, 9, 8]\n',
        encoding="utf-8",
    )
    by_desk = season_json(run(load_club(desk.club_file), tmp_path / "site-desk"))
    by_hand = season_json(run(load_club(hand / "club.toml"), tmp_path / "site-hand"))
    assert by_desk["seasons"] == by_hand["seasons"]
    assert [len(s["standings"]) for s in by_desk["seasons"]] == [2, 2]
    assert {x["score"] for x in by_desk["seasons"][1]["standings"]} != {0}
