"""Publish checked results: a static HTML site, a PDF and a workbook.

The site (relative to its root, the spec's [publish] url, where the kit's QR codes point):
  index.html              the ranking
  players/player-N.html   player N's score card: round by round, deal by deal
  deals/deal-N.html       the protocol of deal N with names, and its results by line
  tables/table-N.html     round by round what table N played (the table cards' QR code)
  results.json            the event, its players and every row as scored (docs/json.md)

The pages' contexts are views (prefprint.views.results_pages, report_state, print_layout); here
they are built into the site (site), results.pdf (pdf), results.xlsx (spreadsheet) and results.json
(data, what a club's season reads), after the deals are analysed (analysis), and a results folder is
written whole (folder).
"""

from prefprint.app.publish.analysis import analyse_reports
from prefprint.app.publish.data import publish_results_json
from prefprint.app.publish.folder import downloads_of, publish, publish_competition
from prefprint.app.publish.pdf import pdf_parts, publish_competition_pdf, publish_pdf, render_changed
from prefprint.app.publish.site import (
    FORK_PAGES,
    built,
    competition_index,
    index_page,
    publish_competition_site,
    publish_indexes,
    publish_site,
    site_pages,
)
from prefprint.app.publish.spreadsheet import publish_competition_workbook, publish_workbook

__all__ = [
    "FORK_PAGES",
    "analyse_reports",
    "built",
    "competition_index",
    "downloads_of",
    "index_page",
    "pdf_parts",
    "publish",
    "publish_competition",
    "publish_competition_pdf",
    "publish_competition_site",
    "publish_competition_workbook",
    "publish_indexes",
    "publish_pdf",
    "publish_results_json",
    "publish_site",
    "publish_workbook",
    "render_changed",
    "site_pages",
]
