"""Intimidate, taunt and negotiate (EL11): a skill check against the target's Discern; a
success on intimidate or taunt gives a Morale or Agitation level from the margin."""

from __future__ import annotations

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, two
from erc.rulesets.elysium.model import (
    AGITATION,
    MORALE,
    Combatant,
    Settings,
    die_sides,
    level_penalty,
)
from erc.rulesets.elysium.rules.ap import SOCIAL_AP, ApSpend, pay
from erc.rulesets.elysium.rules.attack import check_mod
from erc.rulesets.elysium.rules.rolls import Side, check_parts, roll_opposed, side, unrolled

ACTIONS = ("intimidate", "taunt", "negotiate")
AGAINST = {"intimidate": "courage", "taunt": "self_control", "negotiate": None}
"""EL11: Discern "using Courage" against intimidate, "using Self-Control" against taunt,
with Insight (its own key ability) against negotiate."""
TABLES = {"intimidate": ("morale", MORALE), "taunt": ("agitation", AGITATION)}
MAX_LEVEL = 5
INTIMIDATED = 2
TAUNTED = -2
"""EL11.4: "if the target has been Intimidated +2, if the target has been Taunted -2"."""


def level_of(margin: int) -> int:
    """EL11.3, EL-P11: ``min(5, ceil(margin / 2))``: 1-2 the first level, 3-4 the
    second, ... 9 and more the fifth."""
    return min(MAX_LEVEL, -(-margin // 2))


class SocialPlan(Value):
    action: str
    attacker: Combatant
    defender: Combatant
    initiator: Side
    opponent: Side
    ap: ApSpend
    sides: int


class Social(Value):
    """``erc social``: the opposed roll, then ``success``, ``level``, ``label``,
    ``penalty`` (EL-P11: null on failure and for negotiate) and ``table``."""

    initiator: Roller
    opponent: Roller
    margin: int | None
    winner: str | None
    ap: ApSpend
    action: str
    attacker: str
    defender: str
    success: bool | None
    level: int | None
    label: str | None
    penalty: int | None
    table: str | None
    resolved: bool
    notes: tuple[str, ...]


def plan_social(
    action: str,
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    *,
    mod: int = 0,
    immune: bool = False,
) -> SocialPlan:
    """Check a social action (4 AP each, EL3.3) and fix both checks (EL11)."""
    if immune and action != "negotiate":
        raise ErcError("bad-option", "--immune is for negotiate only (EL-P11)")
    offensive = action != "negotiate"  # EL5.6: intimidate and taunt are offensive
    actor(attacker, offensive=offensive, what=action)
    two(attacker, defender, action)
    check_mod(mod)
    if immune:
        raise ErcError(
            "immune",
            f"{defender.name} is beyond negotiation (--immune): the GM rules no Negotiate "
            "check can move it (EL11.4)",
        )
    spend = pay(attacker, SOCIAL_AP, f"to {action}")
    parts = check_parts(attacker, action)
    if action == "negotiate":
        if defender.morale:
            parts["intimidated"] = INTIMIDATED
        if defender.agitation:
            parts["taunted"] = TAUNTED
    if mod:
        parts["mod"] = mod
    guard = check_parts(defender, "discern", AGAINST[action])
    return SocialPlan(
        action=action,
        attacker=attacker,
        defender=defender,
        initiator=side(attacker, parts, f"{attacker.name} {action}"),
        opponent=side(defender, guard, f"{defender.name} discern"),
        ap=spend,
        sides=die_sides(rules),
    )


def _result(plan: SocialPlan, contest: Opposed | None) -> Social:
    success = level = label = penalty = table = None
    notes: list[str] = []
    if contest is not None:
        success = contest.margin > 0
        if plan.action in TABLES:
            table, labels = TABLES[plan.action]
            if success:
                level = level_of(contest.margin)
                label = labels[level - 1]
                penalty = level_penalty(level)
                worst = getattr(plan.defender, table)
                if worst > level:
                    notes.append(
                        f"{plan.defender.name} keeps its worse {table} level, "
                        f"{labels[worst - 1]} (EL11.3)"
                    )
                else:
                    notes.append(
                        f"{plan.defender.name} is {label}: {penalty} to its attack, defense, "
                        "ability and skill rolls for the combat (EL11)"
                    )
        elif success:
            notes.append(
                f"{plan.defender.name} is receptive by {contest.margin} (EL11.4: the "
                "Disposition table is the GM's)"
            )
    return Social(
        initiator=contest.initiator if contest else unrolled(plan.initiator),
        opponent=contest.opponent if contest else unrolled(plan.opponent),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        action=plan.action,
        attacker=plan.attacker.name,
        defender=plan.defender.name,
        success=success,
        level=level,
        label=label,
        penalty=penalty,
        table=table if success else None,
        resolved=contest is not None,
        notes=tuple(notes),
    )


def resolve(dice: Dice, plan: SocialPlan) -> Social:
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved(plan: SocialPlan) -> Social:
    return _result(plan, None)
