"""The outcome of one deal at one table: who played, whisted and took what, checked against the rules."""

from __future__ import annotations

from dataclasses import dataclass, replace

from prefprint.engine.rules.contracts import Contract, ContractCell, cell_of
from prefprint.engine.rules.conventions import Conventions, both_must_whist, checked_ten
from prefprint.engine.rules.game import CLOCKWISE, SEATS
from prefprint.engine.rules.game import refusal as _error
from prefprint.words.messages import Message, shown

_DEFENCE_WORDS = {
    "whist": "whist",
    "w": "whist",
    "вист": "whist",
    "в": "whist",
    "pass": "pass",
    "p": "pass",
    "пас": "pass",
    "п": "pass",
    "half": "half",
    "h": "half",
    "пол": "half",
    "полвиста": "half",
    "полвист": "half",
    "half-whist": "half",
}
# Russian initials С В Ю З (север, восток, юг, запад), and Cyrillic Е typed for a Latin E
_SEAT_WORDS = {"n": "N", "e": "E", "s": "S", "w": "W", "с": "N", "в": "E", "ю": "S", "з": "W", "е": "E"}


def parse_seat(text) -> str:
    """A seat from N E S W (also Cyrillic С В Ю З)."""
    seat = _SEAT_WORDS.get(str(text).strip().lower())
    if seat is None:
        raise _error("rules.seat", text=shown(text))
    return seat


def parse_defence(text) -> str:
    """whist / pass / half from English or Russian words."""
    word = _DEFENCE_WORDS.get(str(text).strip().lower())
    if word is None:
        raise _error("rules.defence_word", text=shown(text))
    return word


def parse_tricks(text) -> int:
    """A number of tricks 0–10 as typed."""
    try:
        tricks = int(str(text).strip())
    except ValueError:
        raise _error("rules.tricks_number", text=shown(text)) from None
    if not 0 <= tricks <= 10:
        raise _error("rules.tricks_number", text=shown(text))
    return tricks


def active_seats(table_size: int, dealer: str) -> tuple[str, ...]:
    """The players of a deal in the order first, second, third hand.

    At a table of 4 the dealer sits out and the first hand is on his left. At a table of 3
    the box marks the first hand as "dealer" (seed §4), so the order starts at that seat.
    """
    seats = SEATS[table_size]
    i = seats.index(dealer)
    if table_size == 4:
        return tuple(seats[(i + j) % 4] for j in (1, 2, 3))
    return tuple(seats[(i + j) % 3] for j in (0, 1, 2))


def _given(pairs) -> str:
    return ", ".join(f"{s}={t}" for s, t in pairs) or "—"


@dataclass(frozen=True)
class Outcome:
    """What happened in one deal at one table."""

    table_size: int
    dealer: str
    contract: Contract
    declarer: str | None = None
    tricks: tuple[tuple[str, int], ...] = ()  # declarer and defenders who played; all-pass: each hand
    defence: tuple[tuple[str, str], ...] = ()  # defender -> whist | pass | half
    dark: bool = False
    conceded: int | None = None  # tricks the declarer conceded before play ("без трёх")

    @classmethod
    def make(
        cls,
        table_size,
        dealer,
        contract,
        declarer=None,
        tricks=None,
        defence=None,
        dark=False,
        conceded=None,
        conventions: Conventions | None = None,
    ):
        """Build an outcome from loose values (strings allowed, the contract as a scorer writes it), checking it.

        With `conventions`, also what they forbid (dark games, concessions, a pass on a compulsory whist).
        """
        cell = cell_of(contract)
        if conceded is not None and cell.conceded is not None and int(conceded) != cell.conceded:
            raise _error("rules.concede_twice", a=cell.conceded, b=conceded)
        outcome = cls(
            int(table_size),
            parse_seat(dealer),
            cell.contract,
            parse_seat(declarer) if declarer not in (None, "") else None,
            tuple((parse_seat(s), int(t)) for s, t in (tricks or {}).items()),
            tuple((parse_seat(s), parse_defence(w)) for s, w in (defence or {}).items()),
            bool(dark) or cell.dark,
            cell.conceded if conceded is None else int(conceded),
        )
        if checked_ten(outcome.contract, conventions) and outcome.conceded is None:
            outcome = outcome._checked_defence()
        outcome.check(conventions)
        return outcome

    def _checked_defence(self) -> Outcome:
        """A checked 10 is played out without whisting: a defender given no answer plays, with his tricks.

        Made (the declarer's 10 tricks), the defenders took none; short, their tricks must be given.
        """
        if self.declarer not in self.players:
            return self  # the check says why
        tricks, defence = dict(self.tricks), dict(self.defence)
        for seat in (s for s in self.players if s != self.declarer and s not in defence):
            if seat not in tricks and tricks.get(self.declarer) == 10:
                tricks[seat] = 0
            elif seat not in tricks and self.declarer in tricks:
                raise _error("rules.checked_ten")
            defence[seat] = "whist"
        return replace(self, tricks=tuple(tricks.items()), defence=tuple(defence.items()))

    @property
    def cell(self) -> ContractCell:
        """The contract cell a scorer writes for this outcome."""
        return ContractCell(self.contract, self.dark, self.conceded)

    @property
    def players(self) -> tuple[str, ...]:
        return active_seats(self.table_size, self.dealer)

    def defenders(self) -> tuple[str, str]:
        """(W1, W2): W1 sits on the declarer's left and speaks first."""
        order = [s for s in CLOCKWISE if s in self.players]
        i = order.index(self.declarer)
        return order[(i + 1) % 3], order[(i + 2) % 3]

    def check(self, conventions: Conventions | None = None) -> None:
        """Raise ScoringError saying what is wrong with an impossible outcome (under the conventions, if given)."""
        self._check_table()
        kind = self.contract.kind
        if self.dark and kind == "allpass":
            raise _error("rules.allpass_dark")
        if self.dark and kind != "game":
            raise _error("rules.dark_game", what=Message(f"rules.word_{kind}"))
        if self.conceded is not None and kind != "game":
            raise _error("rules.concede_game", what=Message(f"rules.word_{kind}"))
        {"allpass": self._check_allpass, "misere": self._check_misere, "game": self._check_game}[kind]()
        if conventions is not None:
            self._check_conventions(conventions)

    def _check_table(self) -> None:
        if self.table_size not in SEATS:
            raise _error("rules.table_size", n=self.table_size)
        if self.dealer not in SEATS[self.table_size]:
            raise _error("rules.dealer_absent", seat=self.dealer, n=self.table_size)
        if len(dict(self.tricks)) != len(self.tricks) or len(dict(self.defence)) != len(self.defence):
            raise _error("rules.seat_twice")
        if self.declarer is not None and self.declarer not in self.players:
            code = "rules.declarer_dealer" if self.declarer == self.dealer else "rules.declarer_absent"
            raise _error(code, seat=self.declarer)
        for seat, t in self.tricks:
            if not 0 <= t <= 10:
                raise _error("rules.tricks_range", seat=seat, tricks=t)
        for seat in [s for s, _ in self.tricks] + [s for s, _ in self.defence]:
            if seat not in self.players:
                raise _error("rules.not_playing", seat=seat, dealer=self.dealer)

    def _check_allpass(self) -> None:
        tricks = dict(self.tricks)
        if self.declarer or self.defence:
            raise _error("rules.allpass_roles")
        hands = ", ".join(self.players)
        if set(tricks) != set(self.players):
            raise _error("rules.allpass_hands", hands=hands, given=_given(self.tricks))
        # seed §7: the talon-taker's tricks (at most the two talon cards) are not written
        if not 8 <= sum(tricks.values()) <= 10:
            raise _error("rules.allpass_sum", hands=hands, total=sum(tricks.values()))

    def _check_misere(self) -> None:
        if self.declarer is None:
            raise _error("rules.needs_declarer", what=Message("rules.word_misere"))
        if self.defence:
            raise _error("rules.misere_whisted")
        if self.declarer not in dict(self.tricks):
            raise _error("rules.declarer_tricks")
        if set(dict(self.tricks)) != {self.declarer}:
            raise _error("rules.misere_tricks")

    def _check_game(self) -> None:
        if self.declarer is None:
            raise _error("rules.needs_declarer", what=Message("rules.word_game"))
        if self.contract.strain is None and self.conceded is None:
            raise _error("rules.no_suit", text=shown(self.contract))
        if self.declarer in dict(self.defence):
            raise _error("rules.whister_is_declarer", seat=self.declarer)
        if self.conceded is not None:
            return self._check_concession()
        tricks, defence = dict(self.tricks), dict(self.defence)
        w1, w2 = self.defenders()
        if set(defence) != {w1, w2}:
            raise _error("rules.defence_missing", w1=w1, w2=w2)
        if "half" in defence.values():
            if self.contract.level not in (6, 7):
                raise _error("rules.half_level", level=self.contract.level)
            if (defence[w1], defence[w2]) != ("pass", "half"):
                raise _error("rules.half_order", w1=w1, w2=w2)
        whisters = [s for s in (w1, w2) if defence[s] == "whist"]
        if not whisters:
            return  # both pass or half-whist: no play, tricks do not matter
        if self.declarer not in tricks:
            raise _error("rules.declarer_tricks")
        passers = [s for s in (w1, w2) if defence[s] == "pass"]
        if any(s in tricks for s in passers):
            raise _error("rules.passer_tricks", seat=passers[0])
        missing = [s for s in whisters if s not in tricks]
        if missing:
            raise _error("rules.whister_tricks", seat=missing[0])
        total = sum(tricks.values())
        if total != 10:
            raise _error("rules.tricks_sum", total=total, detail=_given(self.tricks))

    def _check_concession(self) -> None:
        n, level = self.conceded, self.contract.level
        if not 1 <= n <= level:
            raise _error("rules.concede_range", n=n, level=level)
        if any(w != "pass" for _, w in self.defence) or set(dict(self.tricks)) - {self.declarer}:
            raise _error("rules.concede_defence", n=n)
        tricks = dict(self.tricks)
        if self.declarer in tricks and tricks[self.declarer] != level - n:
            raise _error("rules.concede_tricks", n=n, level=level, expected=level - n, tricks=tricks[self.declarer])

    def _check_conventions(self, conv: Conventions) -> None:
        if self.dark and not conv.dark:
            raise _error("rules.dark_not_played")
        if self.conceded is not None:
            if not conv.concession:
                raise _error("rules.concede_not_played")
            return
        defence = dict(self.defence)
        if both_must_whist(self.contract, conv) and set(defence.values()) != {"whist"}:
            raise _error("rules.sixes_whisted" if conv.sixes_whisted else "rules.stalingrad")
        tricks = dict(self.tricks)
        if (
            self.contract.level == 10
            and conv.tens == "checked"
            and "whist" not in defence.values()
            and tricks.get(self.declarer, 10) < 10
        ):
            raise _error("rules.checked_ten")
