"""Conventions: variants by name, single conventions overridden, every bad override listed."""

from __future__ import annotations

import pytest

from prefprint.engine.rules import Conventions, conventions_for
from prefprint.errors import ScoringError


def test_unknown_variant_and_convention():
    with pytest.raises(
        ScoringError, match='unknown variant "moscow"; known: sochi, leningrad, rostov, classic, responsible, ural'
    ):
        conventions_for("moscow")
    with pytest.raises(ScoringError) as e:
        conventions_for(
            "sochi", {"bombs": 1, "lone_whist": "lazy", "tens": "open", "misere_max_tricks": 0, "stalingrad": "yes"}
        )
    assert [p.code for p in e.value.problems] == ["rules.unknown_convention"] + ["rules.convention_value"] * 4
    assert 'convention "lone_whist": expected greedy or gentleman, found "lazy"' in str(e.value)
    assert "соглашение «tens»: ожидается whisted или checked, найдено «open»" in e.value.text("ru")
    assert 'expected a whole number from 1 to 10, found "0"' in str(e.value)
    assert conventions_for("sochi", {"tens": "checked", "stalingrad": True}) == Conventions(
        tens="checked", stalingrad=True
    )


def test_the_shortfall_and_rostov_readings_keep_todays_default_and_list_their_values():
    for conv in (Conventions(), conventions_for("rostov"), conventions_for("leningrad")):
        assert (conv.shortfall_high, conv.shortfall_low, conv.rostov_allpass) == ("second", "half", "tricks")
    chosen = conventions_for(
        "rostov", {"shortfall_high": "each", "shortfall_low": "side", "rostov_allpass": "difference"}
    )
    assert (chosen.shortfall_high, chosen.shortfall_low, chosen.rostov_allpass) == ("each", "side", "difference")
    with pytest.raises(ScoringError) as e:
        conventions_for("sochi", {"shortfall_high": "both", "shortfall_low": True, "rostov_allpass": "diff"})
    assert [p.text("en") for p in e.value.problems] == [
        'convention "shortfall_high": expected second, split or each, found "both"',
        'convention "shortfall_low": expected half or side, found "True"',
        'convention "rostov_allpass": expected tricks or difference, found "diff"',
    ]
    assert "соглашение «shortfall_high»: ожидается second, split или each, найдено «both»" in e.value.text("ru")
