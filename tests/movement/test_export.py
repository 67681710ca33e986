"""The stable JSON shape of a movement."""

from __future__ import annotations

from prefprint.movement import build_movement, to_dict


def test_json_shape_adds_pairs_and_set_plays():
    d = to_dict(build_movement(20, 4))
    assert (d["players"], d["table_size"], d["tables"], d["method"], d["sets"]) == (20, 4, 5, "standard", 5)
    assert d["rounds"][0]["tables"][0] == {"table": 1, "room": 1, "set": 1, "seats": {"N": 1, "E": 2, "S": 3, "W": 4}}
    assert d["stats"]["meetings_histogram"] == {"1": 150}  # over pairs of different lines
    assert d["stats"]["pairs"] == {"never": 0, "once": 150, "more": 0}
    assert d["stats"]["set_plays"] == {"min": 5, "max": 5}
    scheme = to_dict(build_movement(8, 4))  # lines are not kept: pairs over all 28 pairs
    assert sum(scheme["stats"]["pairs"].values()) == 28 and scheme["rounds"][0]["tables"][1]["copy"] == 2
