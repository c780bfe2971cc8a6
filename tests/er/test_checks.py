"""R2 checks and R1.3 raw rolls (shared by every mechanic)."""

from __future__ import annotations

import pytest

from erc.core.dice import Dice, Mode, PhysicalSource
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.checks import competition_roll, d20_check, feat, perception, winner

SCOUT = Combatant(
    "Scout", ac=12, body_max=10, body=10, scores={"perception": 4, "strength": 6, "agility": 2}
)


def forced(*values: int) -> Dice:
    return Dice(PhysicalSource(list(values)))


def test_r1_3_raw_20_succeeds_raw_1_fails() -> None:
    """R1.3: "The same holds for a d20 save, feat or Perception check (raw 20 succeeds, raw 1
    fails)"."""
    assert d20_check(forced(20), "x", -10, 30).success
    assert not d20_check(forced(1), "x", 50, 10).success


def test_r2_1_feat_uses_the_modifier() -> None:
    """R2.1: "d20 + sub-attribute **modifier** against a Comp"; Strength 6 gives +2 (R1.2)."""
    check = feat(forced(12), SCOUT, "strength", 14)
    assert (check.modifier, check.total, check.success) == (2, 14, True)
    assert not feat(forced(11), SCOUT, "strength", 14).success


def test_r2_3_perception_default_dc_and_scan() -> None:
    """R2.3 / seed 000: "a base DC used is 14"; scanning "+4 bonus ... on the roll"."""
    plain = perception(forced(12), SCOUT)
    assert (plain.dc, plain.modifier, plain.total, plain.success) == (14, 1, 13, False)
    scanning = perception(forced(12), SCOUT, scan=True)
    assert (scanning.total, scanning.success) == (17, True)


def test_r2_3_effect_on_roll_or_dc_gives_same_outcome() -> None:
    """R2.3: "Effects on the perceiver change the roll; external conditions change the DC;
    either way gives the same outcome"."""
    for face in range(2, 20):
        on_roll = perception(forced(face), SCOUT, 14, bonus=-3).success
        on_dc = perception(forced(face), SCOUT, 17).success
        assert on_roll == on_dc


def test_r2_4_competition_d12_plus_modifier_tie_is_none() -> None:
    """R2.4: "d12 + the modifier of its chosen sub-attribute ... a tie changes nothing"."""
    dice = forced(7, 9)
    a = competition_roll(dice, SCOUT, "strength")  # 7 + 2
    b = competition_roll(dice, SCOUT, "agility")  # 9 + 0
    assert (a.total, b.total) == (9, 9) and winner(a, b) is None
    dice = forced(3, 10, 2)
    adv = competition_roll(dice, SCOUT, "strength", Mode.ADVANTAGE)
    assert [(d.die, d.value, d.kept) for d in adv.dice] == [(12, 3, False), (12, 10, True)]
    assert adv.roll == 10 and adv.advantage == "advantage"


def test_r1_3_competition_has_no_raw_roll_rule() -> None:
    """R1.3: "A d12 competition has no raw-roll rule: totals decide"."""
    dice = forced(12, 11)
    weak = Combatant("Weak", ac=10, body_max=5, body=5)
    strong = Combatant("Strong", ac=10, body_max=5, body=5, modifiers={"strength": 3})
    assert (
        winner(competition_roll(dice, weak, "strength"), competition_roll(dice, strong, "strength"))
        == "Strong"
    )


def test_r3_4_a_round_is_started_once_in_every_ruleset() -> None:
    """R3.4 and CONTRACT "Combat state" ("rounds only go up"): `roll-init` is for the
    journal's next round unless `--round` says; applying a round already started is refused
    (`choose_round`, the one rule every ruleset's `roll-init` calls)."""
    from erc.core.checks import choose_round
    from erc.core.errors import ErcError

    assert choose_round(0, None, applying=True) == 1
    assert choose_round(3, None, applying=True) == 4
    assert choose_round(3, 2, applying=False) == 2  # a preview of an earlier round
    assert choose_round(3, 7, applying=True) == 7
    for started in (3, 1):
        with pytest.raises(ErcError) as refused:
            choose_round(3, started, applying=True)
        assert refused.value.code == "round-started"
