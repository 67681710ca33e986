"""An event spec's `[publish] club`: the club's site its results go into, read from the club's club.toml."""

from __future__ import annotations

import pytest
from helpers import tiny_event_text

from prefprint.errors import SpecError
from prefprint.io.club import ClubError, load_club
from prefprint.io.spec import load_event

CLUB = '[club]\ntitle = "Клуб «Пуля»"\nevents = ["output/*/results"]\n'


def spec(folder, name: str, publish: str):
    path = folder / "evenings" / f"{name}.toml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(tiny_event_text() + f"\n[publish]\n{publish}", encoding="utf-8")
    return path


def test_the_club_named_gives_its_title_address_upload_and_the_evenings_folder(tmp_path):
    (tmp_path / "club.toml").write_text(
        CLUB + '\n[publish]\nurl = "https://pulya.example.org/club/"\nupload = "web"\ncafile = "host.pem"\n',
        encoding="utf-8",
    )
    event = load_event(spec(tmp_path, "tiny", 'club = "../club.toml"\n'))
    site = event.club_site
    assert (site.title, site.folder, site.url) == ("Клуб «Пуля»", "evenings/2027-01-01-tiny", event.site_url)
    assert (site.upload, site.cafile, site.base) == ("web", "host.pem", str(tmp_path))
    assert event.publish_url == "https://pulya.example.org/club/evenings/2027-01-01-tiny/"  # the tables' QR codes
    dated = load_event(spec(tmp_path, "2027-01-01-pyatnitsa", 'club = "../club.toml"\nurl = "https://x.org/e/"\n'))
    assert dated.club_site.folder == "evenings/2027-01-01-pyatnitsa"  # the desk's id has its date already
    assert dated.publish_url == "https://x.org/e/" and dated.site_url == "https://pulya.example.org/club/"


def test_a_club_file_missing_or_with_mistakes_is_said_at_the_key(tmp_path):
    with pytest.raises(SpecError) as e:
        load_event(spec(tmp_path, "tiny", 'club = "../nope.toml"\n'))
    assert "publish.club" in e.value.text("en") and "nope.toml is not there" in e.value.text("en")
    (tmp_path / "club.toml").write_text(CLUB + '\n[publish]\nurl = "pulya.example.org"\n', encoding="utf-8")
    with pytest.raises(ClubError) as club:
        load_club(tmp_path / "club.toml")
    assert "publish.url" in club.value.text("en")
    with pytest.raises(SpecError) as e:
        load_event(spec(tmp_path, "tiny", 'club = "../club.toml"\n'))
    assert "publish.club" in e.value.text("en") and "has mistakes" in e.value.text("en")
    assert "pulya.example.org" in e.value.text("en")
