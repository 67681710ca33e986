"""The checks of a filled protocol workbook, one small module per kind of mistake.

`check_workbook` (protocol.py) walks the deal sheets row by row and hands each part of a row to its
check: the deal's status word (status.py), round and table (keys.py), formulas saved without a value
(formulas.py), player numbers (players.py), an adjusted row's percentages (adjusted.py), the contract
(contract.py), seats and tricks against the scoring engine (outcome.py), the written whists
(whists.py); then the checks across rows and sheets (seating.py, title.py) and the director's
rulings (rulings.py). Every check writes what it finds into one `Findings` (found.py): problems stop
publishing, warnings do not. How typed cells are read is in cells.py.
"""

from prefprint.checks.found import Checked, DealResult, Result
from prefprint.checks.protocol import check_workbook

__all__ = ["Checked", "DealResult", "Result", "check_workbook"]
