"""Every Elysium roll: one die of the file's size (EL1.1) plus named terms, and the one
opposed-roll function every opposed mechanic calls (EL1.5, EL Part 2, EL-P2).

A side is set up before any die (``Side``: its terms by name); ``roll_opposed`` draws the
initiator's die, then the opponent's (EL Part 2 "Dice order"), and compares the totals
with ``erc.core.checks.opposed``: the strictly higher total wins, a tie changes nothing.
"""

from __future__ import annotations

from erc.core.checks import Opposed, Roller, opposed
from erc.core.dice import Dice
from erc.core.value import Value
from erc.rulesets.elysium.model import ABILITIES, KEY_ABILITIES, Combatant, level_penalty

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping


class Side(Value):
    """One side of an opposed roll as set up: its terms in the order they add up, and
    whether it rolls the die (EL5.5: a helpless defender does not)."""

    name: str
    parts: Mapping[str, int]
    purpose: str
    rolls: bool = True

    @property
    def static(self) -> int:
        """The total without the die."""
        return sum(self.parts.values())


def penalties(who: Combatant) -> dict[str, int]:
    """EL11.1-3: the Morale and Agitation penalties on every attack, defense, ability and
    skill roll of ``who`` (the two add)."""
    out: dict[str, int] = {}
    if who.morale:
        out["morale"] = level_penalty(who.morale)
    if who.agitation:
        out["agitation"] = level_penalty(who.agitation)
    return out


def side(who: Combatant, parts: Mapping[str, int], purpose: str) -> Side:
    """``who``'s roll with ``parts``, its Morale and Agitation penalties added."""
    return Side(who.name, {**parts, **penalties(who)}, purpose)


def key_ability(who: Combatant, skill: str, against: str | None = None) -> str | None:
    """EL1.3, EL-P10: a skill check's key ability. Discern against intimidate takes
    courage and against taunt self_control, whatever ``skill_abilities`` says; otherwise
    the file's ``skill_abilities``, then the ruling's table; a skill outside both adds its
    ranks only (None)."""
    if skill == "discern" and against is not None:
        return against
    return who.skill_abilities.get(skill) or KEY_ABILITIES.get(skill)


def check_parts(
    who: Combatant, skill: str, against: str | None = None, *, school: bool = False
) -> dict[str, int]:
    """EL1.3: a skill check is the skill's ranks + its key ability; EL-P10: an ability
    named instead of a skill rolls the ability alone; EL-P12: a magic school's ranks
    come from ``schools`` (``school``)."""
    if skill in ABILITIES:
        return {skill: who.ability(skill)}
    parts = {skill: who.school(skill) if school else who.ranks(skill)}
    ability = key_ability(who, skill, against)
    if ability is not None:
        parts[ability] = who.ability(ability)
    return parts


def roll(dice: Dice, sides: int, setup: Side) -> Roller:
    """One side rolled: its die (none when it rolls none) plus its terms."""
    face = dice.roll(sides, setup.purpose) if setup.rolls else None
    return Roller(setup.name, face, dict(setup.parts), (face or 0) + setup.static)


def unrolled(setup: Side) -> Roller:
    """A side with nothing drawn (``--odds`` alone): no die, the total without it."""
    return Roller(setup.name, None, dict(setup.parts), setup.static)


def roll_opposed(dice: Dice, sides: int, initiator: Side, opponent: Side) -> Opposed:
    """EL1.5: the initiator's die, then the opponent's; the initiator wins only with a
    strictly higher total, a tie changes nothing."""
    first = roll(dice, sides, initiator)
    second = roll(dice, sides, opponent)
    return opposed(first, second)
