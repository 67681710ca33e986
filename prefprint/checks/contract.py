"""The contract cell: written, short and plain, and a contract the engine can read."""

from __future__ import annotations

import unicodedata

from prefprint.checks.cells import clean
from prefprint.checks.found import Problem
from prefprint.engine.rules import ContractCell, parse_contract_cell
from prefprint.errors import ScoringError
from prefprint.words.messages import Message, shown


def check_contract(v: dict, rnd: int, tbl: int) -> ContractCell:
    """The row's contract as written (Problem at the contract cell when it is missing or not understood)."""
    raw = clean(v["contract"])
    if raw is None:
        raise Problem("contract", "results.contract_missing", round=rnd, table=tbl)
    text = str(raw)
    if len(text) > 40 or any(unicodedata.category(c) == "Cc" for c in text):
        raise Problem("contract", "results.contract_bad", value=shown(v["contract"]))
    try:
        return parse_contract_cell(v["contract"] if isinstance(raw, str) else unicodedata.normalize("NFKC", text))
    except (ScoringError, ValueError) as e:
        detail = getattr(e, "message", None)
        if isinstance(detail, Message):  # the engine says what is wrong, quoting the cell
            raise Problem("contract", "results.contract_rules", detail=detail) from None
        raise Problem("contract", "results.contract_bad", value=shown(v["contract"])) from None
