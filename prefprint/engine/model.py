"""The expanded event: players, movement, deals and who plays each deal. Pure data."""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass, field
from functools import cached_property

from prefprint.engine.deals import Deal
from prefprint.engine.rules import Conventions
from prefprint.errors import PrefprintError
from prefprint.movement import Movement
from prefprint.words.catalog import gettext


@dataclass(frozen=True)
class Player:
    number: int
    name: str = ""
    club: str = ""
    id: str = ""  # the player's id in his club's registry (players.toml), where the spec gives it


@dataclass(frozen=True)
class ClubSite:
    """The club's site an evening's results are published inside (the spec's [publish] club names its club.toml):
    the club's title and public address, the evening's folder in the site, where the site is uploaded."""

    title: str
    folder: str  # the evening's folder in the club's site, "evenings/<date>-<name>"
    url: str = ""  # [publish] url of club.toml: the site's public address ("": not given)
    upload: str = ""  # [publish] upload, key and cafile of club.toml, relative ones beside it (`base`)
    key: str = ""
    cafile: str = ""
    base: str = ""


@dataclass(frozen=True)
class ProtocolRow:
    """One pre-printed row of a protocol: the table that plays the deal in a round."""

    round: int
    table: int
    seats: tuple[tuple[str, int], ...]  # seat -> player number


@dataclass(frozen=True, kw_only=True)
class Event:
    """An event spec expanded: everything the documents and the importer need (built by keywords)."""

    title: str
    date: str
    venue: str
    language: str
    variant: str
    conventions: Conventions
    overrides: dict
    table_size: int
    deals_per_set: int
    minutes_per_deal: int
    start: str
    seed: str
    players: tuple[Player, ...]
    movement: Movement
    deals: tuple[Deal, ...]
    source: str = ""
    stem: str = field(default="event")
    publish_url: str = ""  # where the results site will be published (QR codes point there)
    upload: str = ""  # [publish] upload: where `prefprint publish` sends the results site (sftp://…, ftp://…, a folder)
    upload_key: str = ""  # [publish] key: the SSH key for an sftp:// upload ("": the agent or ~/.ssh)
    upload_cafile: str = ""  # [publish] cafile: the certificate an FTPS host's is checked against ("": the system's)
    serve_url: str = ""  # the scoring server's address ([serve] url): table cards carry entry QR codes
    club_site: ClubSite | None = None  # the club's site the results are published inside ([publish] club)
    bleed: bool = False  # cut sheets with bleed and crop marks for a print shop
    analysis: bool = True  # [publish] analysis: double-dummy tables on hand records and results pages
    session: int = 1  # this session's number in the competition
    session_count: int = 1
    session_title: str = ""
    deals_source: str = "generated"  # generated (seed or prepared) | table (dealt at the first table)
    absent: tuple[int, ...] = ()  # players of the competition who do not play this session
    # the secret entry codes printed on the kit ({"director": …, "tables": {n: …}}), set by the kit
    entry_codes: dict = field(default_factory=dict, compare=False, repr=False)

    @property
    def seats(self) -> tuple[str, ...]:
        return ("N", "E", "S", "W")[: self.table_size]

    @property
    def session_label(self) -> str:
        """The session as named on paper: its title, else "Сессия 2" / "Session 2"."""
        return self.session_title or f"{gettext('word.session', self.language)} {self.session}"

    @property
    def heading(self) -> str:
        """The title as printed on every sheet: with the session where the event has several."""
        return self.title if self.session_count == 1 else f"{self.title} · {self.session_label}"

    @property
    def site_url(self) -> str:
        """The address players find the results at, printed on the kit and the pages: the club's site where the
        spec names its club and the club gives one, else the results' own ([publish] url); "" where neither."""
        return (self.club_site.url if self.club_site else "") or self.publish_url

    @property
    def dealt_at_table(self) -> bool:
        return self.deals_source == "table"

    @cached_property
    def digest(self) -> str:
        """A fingerprint of what the protocols depend on: session, movement and deals."""
        parts = [f"session {self.session}", f"table size {self.table_size}"]
        for rnd in self.movement.rounds:
            parts.append(
                f"r{rnd.number}:"
                + ";".join(f"{t.table}/{t.set}/" + ",".join(f"{s}{p}" for s, p in t.seats) for t in rnd.tables)
            )
        for d in self.deals:
            parts.append(f"d{d.number}/{d.set}/{d.dealer}/{d.hands}/{d.talon}")
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]

    @cached_property
    def names(self) -> dict:
        return {p.number: p.name for p in self.players}

    @cached_property
    def rows_by_set(self) -> dict[int, list[ProtocolRow]]:
        """For every set, the (round, table, seating) rows that play it, in round order."""
        out: dict[int, list[ProtocolRow]] = {}
        for rnd in self.movement.rounds:
            for t in rnd.tables:
                out.setdefault(t.set, []).append(ProtocolRow(rnd.number, t.table, t.seats))
        return out

    def rows_of(self, deal: Deal) -> list[ProtocolRow]:
        return self.rows_by_set.get(deal.set, [])

    def deal(self, number: int) -> Deal:
        return self.deals[number - 1]

    @property
    def round_minutes(self) -> int:
        return self.deals_per_set * self.minutes_per_deal

    def time_plan(self) -> list[tuple[int, str, str]]:
        """(round, start, end) as HH:MM from the start time, with 5 minutes between rounds."""
        try:
            h, m = (int(x) for x in self.start.split(":"))
        except ValueError:
            return []
        t = dt.datetime(2000, 1, 1, h, m)
        plan = []
        for rnd in self.movement.rounds:
            end = t + dt.timedelta(minutes=self.round_minutes)
            plan.append((rnd.number, t.strftime("%H:%M"), end.strftime("%H:%M")))
            t = end + dt.timedelta(minutes=5)
        return plan


@dataclass(frozen=True, kw_only=True)
class Competition:
    """An event of one or more sessions ranked together (seed §9): all players, every session."""

    title: str
    date: str
    venue: str
    language: str
    source: str
    stem: str
    players: tuple[Player, ...]
    sessions: tuple[Event, ...]
    warnings: tuple = ()  # what the spec reader noticed without refusing (Messages), e.g. two players of one name
    club: str = ""  # the club whose evening this is ([event] club), for its season

    @cached_property
    def names(self) -> dict:
        return {p.number: p.name for p in self.players}

    @property
    def heading(self) -> str:
        return self.title

    @property
    def club_site(self) -> ClubSite | None:
        """The club's site the results are published inside (the spec's, which every session shares)."""
        return self.sessions[0].club_site if self.sessions else None

    @property
    def site_url(self) -> str:
        return self.sessions[0].site_url if self.sessions else ""

    def session(self, number: int) -> Event:
        """The session with this number (1-based)."""
        if not 1 <= number <= len(self.sessions):
            raise PrefprintError("model.no_session", number=number, count=len(self.sessions))
        return self.sessions[number - 1]
