"""A row entered at a table, checked by the scoring engine: the whists computed, never typed.

The JSON a phone sends is read strictly (every field its type, nothing unknown); the outcome is
built and settled by prefprint.engine.rules, the same checks `prefprint score` and the workbook
checker make, and the protocol cells it fills are those N writes on paper (engine.cells.row_cells),
so the exported workbook is read by `prefprint results` as if typed.
"""

from __future__ import annotations

from prefprint.engine.cells import row_cells
from prefprint.engine.model import Event
from prefprint.engine.rules import ContractCell, Outcome, Settlement, fmt_json, parse_contract_cell, settle
from prefprint.errors import ScoringError
from prefprint.io.workbook import COLUMNS
from prefprint.words.messages import Message

FIELDS = {"token", "table", "round", "deal", "contract", "declarer", "defence", "tricks", "dark", "correct", "reason"}
DEFENCE_WORDS = ("whist", "pass", "half")
MAX_TEXT = {"contract": 40, "reason": 300, "token": 40}
# the protocol cells an entered row fills (the rest are printed: round, table, players; or the scorer's: MP)
RESULT_COLUMNS = tuple(c for c in COLUMNS if c == "contract" or c[:2] in ("de", "w1", "w2") or c.endswith("_whists"))


class Refused(Exception):
    """A request refused: HTTP status, the message (in the event's language) and the field it concerns."""

    def __init__(self, status: int, message: Message, field: str | None = None):
        super().__init__(message.code)
        self.status, self.message, self.field = status, message, field


def flag(body: dict, field: str, default: bool | None) -> bool:
    """body[field], which must be true or false (`default` where it is absent; None: it must be given)."""
    value = body.get(field, default)
    if not isinstance(value, bool):
        raise Refused(422, Message("serve.not_bool", field=field), field)
    return value


def reason_of(body: dict, needed: bool = False) -> str:
    """body["reason"] stripped: a short text, not blank where `needed` (the director replaces or waives)."""
    reason = body.get("reason", "")
    if not isinstance(reason, str) or len(reason) > MAX_TEXT["reason"]:
        raise Refused(422, Message("serve.reason_text", n=MAX_TEXT["reason"]), "reason")
    if needed and not reason.strip():
        raise Refused(422, Message("serve.reason_needed"), "reason")
    return reason.strip()


def _int(body: dict, name: str) -> int:
    v = body.get(name)
    if isinstance(v, bool) or not isinstance(v, int):
        raise Refused(422, Message("serve.not_number", field=name), name)
    return v


def plays(event: Event) -> dict[tuple[int, int], object]:
    """(round, table) -> the table's play of that round (its set and seats)."""
    return {(rnd.number, t.table): t for rnd in event.movement.rounds for t in rnd.tables}


def place(event: Event, body: dict, where: dict) -> tuple[int, int, int]:
    """(table, round, deal) of a request, each checked against the movement."""
    table, rnd, deal = _int(body, "table"), _int(body, "round"), _int(body, "deal")
    if table not in {t for _, t in where}:
        raise Refused(422, Message("serve.no_table", table=table), "table")
    play = where.get((rnd, table))
    if play is None:
        raise Refused(422, Message("serve.no_round", table=table, round=rnd), "round")
    if not any(d.number == deal and d.set == play.set for d in event.deals):
        raise Refused(422, Message("serve.no_deal", table=table, round=rnd, deal=deal), "deal")
    return table, rnd, deal


# which field of the request an engine's refusal concerns
_FIELD = {
    "rules.allpass_dark": "dark",
    "rules.dark_game": "dark",
    "rules.dark_not_played": "dark",
    "rules.declarer_dealer": "declarer",
    "rules.declarer_absent": "declarer",
    "rules.needs_declarer": "declarer",
    "rules.whister_is_declarer": "defence",
    "rules.defence_missing": "defence",
    "rules.half_level": "defence",
    "rules.half_order": "defence",
    "rules.sixes_whisted": "defence",
    "rules.stalingrad": "defence",
    "rules.checked_ten": "defence",
    "rules.misere_whisted": "defence",
    "rules.concede_defence": "defence",
    "rules.seat_twice": "defence",
    "rules.defence_word": "defence",
    "rules.tricks_range": "tricks",
    "rules.passer_tricks": "tricks",
    "rules.whister_tricks": "tricks",
    "rules.declarer_tricks": "tricks",
    "rules.tricks_sum": "tricks",
    "rules.allpass_hands": "tricks",
    "rules.allpass_sum": "tricks",
    "rules.misere_tricks": "tricks",
    "rules.concede_tricks": "tricks",
    "rules.tricks_number": "tricks",
}


def _field_of(e: ScoringError, body: dict) -> str:
    code = getattr(e.message, "code", "")
    if code == "rules.allpass_roles":
        return "declarer" if body.get("declarer") else "defence"
    if code == "rules.not_playing":
        seat = e.message.params.get("seat")
        return "defence" if seat in (body.get("defence") or {}) else "tricks"
    if code in ("rules.seat",):
        return "declarer"
    if code.startswith("rules.dark") and not body.get("dark"):
        return "contract"
    return _FIELD.get(code, "contract")


def outcome_of(event: Event, body: dict, dealer: str) -> tuple[Outcome, Settlement]:
    """The outcome a request describes and its settlement, checked under the event's conventions
    (Refused 422 with its field)."""
    seats = set(event.seats)
    contract = body.get("contract")
    if not isinstance(contract, str) or not contract.strip() or len(contract) > MAX_TEXT["contract"]:
        raise Refused(422, Message("serve.contract_text"), "contract")
    declarer = body.get("declarer")
    if declarer is not None and (not isinstance(declarer, str) or declarer not in seats):
        raise Refused(422, Message("serve.seat", seats=", ".join(event.seats)), "declarer")
    defence, tricks = body.get("defence") or {}, body.get("tricks") or {}
    if not isinstance(defence, dict) or any(s not in seats or w not in DEFENCE_WORDS for s, w in defence.items()):
        raise Refused(422, Message("serve.defence", seats=", ".join(event.seats)), "defence")
    if not isinstance(tricks, dict) or any(
        s not in seats or isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 10 for s, n in tricks.items()
    ):
        raise Refused(422, Message("serve.tricks", seats=", ".join(event.seats)), "tricks")
    dark = flag(body, "dark", False)
    try:
        cell = parse_contract_cell(contract)
        outcome = Outcome.make(
            event.table_size, dealer, cell, declarer, tricks, defence, dark, conventions=event.conventions
        )
        settlement = settle(outcome, event.conventions)
    except ScoringError as e:
        raise Refused(422, e.message, _field_of(e, body)) from None
    return outcome, settlement


def entry_of(event: Event, outcome: Outcome) -> dict:
    """A row as stored and shown: the contract in the event's words, the rest as the API writes it."""
    plain = ContractCell(outcome.contract, False, outcome.conceded)
    return {
        "contract": plain.label(event.language),
        "declarer": outcome.declarer,
        "defence": dict(outcome.defence),
        "tricks": dict(outcome.tricks),
        "dark": outcome.dark,
    }


def request_of(event: Event, outcome: Outcome) -> dict:
    """The fields of `POST /api/rows` that say an outcome (contract in the words of `prefprint score`):
    what a table's phone sends, and what the tests and the benchmark post."""
    kind = outcome.contract.kind
    contract = {"allpass": "pass", "misere": "мизер"}.get(kind) or ContractCell(
        outcome.contract, False, outcome.conceded
    ).label(event.language)
    body = {
        "contract": contract,
        "defence": dict(outcome.defence),
        "tricks": dict(outcome.tricks),
        "dark": outcome.dark,
    }
    if outcome.declarer:
        body["declarer"] = outcome.declarer
    return body


def whists_of(settlement: Settlement) -> dict:
    return {s: fmt_json(v) for s, v in settlement.results.items()}


def cells_of(event: Event, outcome: Outcome, settlement: Settlement) -> dict:
    """Every result cell of the protocol row: what N writes (whists to a tenth, as on paper), the others cleared."""
    cells = {c: None for c in RESULT_COLUMNS} | row_cells(event, outcome, with_whists=False)
    return cells | {f"{s}_whists": round(float(settlement.results[s]), 1) for s in event.seats}
