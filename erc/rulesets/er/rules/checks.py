"""Checks and saves (RULES.md R2): d20 feats and Perception checks, the d12 competition roll.

Built on ``erc.core.checks``, where R1.3 (raw 20 succeeds, raw 1 fails on a d20) and the
kept single-die roll of R1.5 live once for every mechanic and ruleset.
"""

from __future__ import annotations

from erc.core.checks import Check, d20_check
from erc.core.dice import Dice, Die, Mode
from erc.core.value import Value
from erc.rulesets.er.conditions import Modes, feat_modes
from erc.rulesets.er.model import Combatant

__all__ = ["Check", "d20_check"]  # re-exported: the ER mechanics' one import for checks

DEFAULT_DC = 14
"""seed 000: "For things that do not generate their own DC ... a base DC used is 14"."""
SCAN_BONUS = 4
"""seed 000: actively scanning, "a +4 bonus would be used on the roll"."""


def feat_reasons(who: Combatant, attribute: str, given: Modes | None = None) -> Modes:
    """Why a feat is at advantage or disadvantage: what is given, and R10's bound (its
    Strength, Agility and Resilience feats at disadvantage)."""
    from_conditions = feat_modes(who, attribute)
    return (given or Modes()).plus((), from_conditions.disadvantage_from)


def feat(
    dice: Dice,
    who: Combatant,
    attribute: str,
    comp: int,
    purpose: str | None = None,
    bonus: int = 0,
    *,
    given: Modes | None = None,
) -> Check:
    """R2.1: a feat is d20 + the sub-attribute **modifier** against a Comp, at advantage or
    disadvantage as ``feat_reasons`` says (R1.5: they cancel)."""
    label = purpose or f"{who.name} {attribute} feat"
    reasons = feat_reasons(who, attribute, given)
    mode = Mode.of(bool(reasons.advantage_from), bool(reasons.disadvantage_from))
    return d20_check(dice, label, who.mod(attribute) + bonus, comp, mode)


def perception(
    dice: Dice,
    who: Combatant,
    dc: int = DEFAULT_DC,
    *,
    scan: bool = False,
    mode: Mode = Mode.NORMAL,
    bonus: int = 0,
    purpose: str | None = None,
) -> Check:
    """R2.3: d20 + Perception modifier (+4 actively scanning, + situational) against a DC."""
    modifier = who.mod("perception") + (SCAN_BONUS if scan else 0) + bonus
    return d20_check(dice, purpose or f"{who.name} perception", modifier, dc, mode)


class Side(Value):
    """One side of a d12 competition as rolled (CONTRACT ``sides`` entry): ``dice`` the d12s
    thrown (two at advantage or disadvantage, one of them kept), ``roll`` the kept face."""

    name: str
    attribute: str
    dice: tuple[Die, ...]
    roll: int
    modifier: int
    total: int
    advantage: str  # "normal", "advantage" or "disadvantage"


def competition_roll(
    dice: Dice, who: Combatant, attribute: str, mode: Mode = Mode.NORMAL, bonus: int = 0
) -> Side:
    """R2.4: d12 + the chosen sub-attribute's modifier (+ situational); no raw-roll rule."""
    kept = dice.roll_kept(12, f"{who.name} {attribute} competition", mode)
    modifier = who.mod(attribute) + bonus
    return Side(
        name=who.name,
        attribute=attribute,
        dice=kept.faces(),
        roll=kept.kept,
        modifier=modifier,
        total=kept.kept + modifier,
        advantage=mode.value,
    )


def winner(a: Side, b: Side) -> str | None:
    """R2.4: the higher total wins; a tie changes nothing (None)."""
    if a.total == b.total:
        return None
    return a.name if a.total > b.total else b.name
