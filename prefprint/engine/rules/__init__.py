"""Scoring of one duplicate preferans deal in whists: variants, conventions, contracts, outcomes, `settle`.

Pure Python with exact fractions. The same rules serve the calculator, the printed cost-of-game tables and
the cross-check of filled protocols. One module a concern: `game` (the numbers of the game), `conventions`
(variants as presets of named conventions), `contracts` (a contract cell read and printed), `outcome` (what
happened at a table, checked) and `settlement` (the whists of a deal); their names are re-exported here.
"""

from prefprint.engine.rules.contracts import Contract, ContractCell, cell_of, parse_contract_cell
from prefprint.engine.rules.conventions import (
    VARIANTS,
    Conventions,
    ConventionsError,
    both_must_whist,
    checked_ten,
    conventions_for,
    find_variant,
    variant_key,
)
from prefprint.engine.rules.game import (
    CLOCKWISE,
    COST,
    LEVELS,
    MISERE_COST,
    OBLIGATION,
    SEATS,
    STRAINS,
)
from prefprint.engine.rules.outcome import Outcome, active_seats, parse_defence, parse_seat, parse_tricks
from prefprint.engine.rules.settlement import (
    Entry,
    Settlement,
    fmt_json,
    fmt_whists,
    obligation,
    rates,
    results_of,
    role_results,
    settle,
)
from prefprint.errors import ScoringError

__all__ = [
    "CLOCKWISE",
    "COST",
    "LEVELS",
    "MISERE_COST",
    "OBLIGATION",
    "SEATS",
    "STRAINS",
    "VARIANTS",
    "Contract",
    "ContractCell",
    "Conventions",
    "ConventionsError",
    "Entry",
    "Outcome",
    "ScoringError",
    "Settlement",
    "active_seats",
    "both_must_whist",
    "cell_of",
    "checked_ten",
    "conventions_for",
    "find_variant",
    "fmt_json",
    "fmt_whists",
    "obligation",
    "parse_contract_cell",
    "parse_defence",
    "parse_seat",
    "parse_tricks",
    "rates",
    "results_of",
    "role_results",
    "settle",
    "variant_key",
]
