"""The start list: the address players find the results at, printed under its lead where one is set."""

from __future__ import annotations

from dataclasses import replace

from prefprint.app.kit import document_html
from prefprint.engine.model import ClubSite


def test_the_start_list_carries_the_sites_address_when_one_is_set(events):
    event = events["club-night-20"]
    club = ClubSite("Клуб «Пуля»", "evenings/2026-12-05-club-night-20", url="https://pulya.example.org/club/")
    assert "Сайт: https://pulya.example.org/club/" in document_html(replace(event, club_site=club), "start-list")
    own = replace(event, publish_url="https://pulya.example.org/x/")
    assert "Сайт: https://pulya.example.org/x/" in document_html(own, "start-list")
    assert "Сайт:" not in document_html(event, "start-list")
