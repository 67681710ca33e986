"""The results site's addresses: the pages a kit's QR codes point at before the results exist."""

from __future__ import annotations

from prefprint.engine.model import Event

# Pages of the published results site, relative to its root (the spec's [publish] url): the
# kit's QR codes point at them before the results exist, so the layout is fixed here.
PLAYER_PAGE = "players/player-{n}.html"
DEAL_PAGE = "deals/deal-{n}.html"
TABLE_PAGE = "tables/table-{n}.html"


def site_url(event: Event, page: str, n: int) -> str:
    """The address of a page of the published site, or "" when the spec gives no [publish] url."""
    if not event.publish_url:
        return ""
    return event.publish_url.rstrip("/") + "/" + page.format(n=n)
