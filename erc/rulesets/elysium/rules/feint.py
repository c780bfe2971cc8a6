"""Feint (EL9): a Bluff check against the opponent's Discern check, for the weapon's AP;
strictly higher, the difference goes to the feinter's next Attack Roll against it."""

from __future__ import annotations

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, two
from erc.rulesets.elysium.model import Combatant, Settings, Weapon, die_sides
from erc.rulesets.elysium.rules.ap import ApSpend, pay
from erc.rulesets.elysium.rules.attack import choose_weapon
from erc.rulesets.elysium.rules.rolls import Side, check_parts, roll_opposed, side, unrolled


class FeintPlan(Value):
    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    initiator: Side
    opponent: Side
    ap: ApSpend
    sides: int
    round: int


class FeintResult(Value):
    """``erc feint``: the opposed roll, then ``bonus`` (the margin when the
    feinter won, else 0; None unresolved) and the last round it may be used in."""

    initiator: Roller
    opponent: Roller
    margin: int | None
    winner: str | None
    ap: ApSpend
    attacker: str
    defender: str
    weapon: str
    bonus: int | None
    until_round: int
    resolved: bool
    notes: tuple[str, ...]


def plan_feint(
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    round: int,
    *,
    weapon: str | None = None,
) -> FeintPlan:
    """EL9: "It takes as many AP to make a feint attempt as it does to use the weapon
    normally"; Bluff (cunning) against Discern (insight), EL1.3."""
    actor(attacker, offensive=True, what="a feint")
    two(attacker, defender, "a feint")
    chosen = choose_weapon(attacker, weapon)
    spend = pay(attacker, chosen.ap, f"a feint with the {chosen.name}")
    return FeintPlan(
        attacker=attacker,
        defender=defender,
        weapon=chosen,
        initiator=side(attacker, check_parts(attacker, "bluff"), f"{attacker.name} bluff"),
        opponent=side(defender, check_parts(defender, "discern"), f"{defender.name} discern"),
        ap=spend,
        sides=die_sides(rules),
        round=round,
    )


def _result(plan: FeintPlan, contest: Opposed | None) -> FeintResult:
    bonus = None if contest is None else max(0, contest.margin)
    notes = []
    if bonus:
        notes.append(
            f"{plan.attacker.name} adds {bonus} to its next Attack Roll against "
            f"{plan.defender.name}, this round or the next (EL9)"
        )
    return FeintResult(
        initiator=contest.initiator if contest else unrolled(plan.initiator),
        opponent=contest.opponent if contest else unrolled(plan.opponent),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        attacker=plan.attacker.name,
        defender=plan.defender.name,
        weapon=plan.weapon.name,
        bonus=bonus,
        until_round=plan.round + 1,
        resolved=contest is not None,
        notes=tuple(notes),
    )


def resolve(dice: Dice, plan: FeintPlan) -> FeintResult:
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved(plan: FeintPlan) -> FeintResult:
    return _result(plan, None)
