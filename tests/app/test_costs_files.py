"""The cost-of-game table's files: the view's context rendered, written as HTML and PDF; the kit prints the same."""

from __future__ import annotations

from prefprint.app.costs import costs_html, write_costs
from prefprint.app.kit import document_html
from prefprint.engine.rules import VARIANTS
from prefprint.io.render import html
from prefprint.views.documents import costs_context


def test_the_html_is_the_views_context_in_its_template():
    conv = VARIANTS["rostov"]
    assert costs_html("rostov", conv, 3, "en") == html(
        "costs.html", "en", event=None, **costs_context("rostov", conv, 3, "en")
    )


def test_write_costs_writes_the_html_and_its_pdf(tmp_path):
    conv = VARIANTS["leningrad"]
    written = write_costs("leningrad", conv, 3, "en", tmp_path)
    assert written == [tmp_path / "costs-leningrad-3.html", tmp_path / "costs-leningrad-3.pdf"]
    assert written[0].read_text(encoding="utf-8") == costs_html("leningrad", conv, 3, "en")
    assert written[1].read_bytes().startswith(b"%PDF")


def test_the_kit_prints_the_table_of_its_event(events):
    event = events["club-night-20"]
    kit = document_html(event, "costs")
    assert kit == costs_html(event.variant, event.conventions, event.table_size, event.language, event=event)
    assert kit != costs_html(event.variant, event.conventions, event.table_size, event.language)  # titled
