"""Disarm (EL7): the attacker's disarm roll against the defender's resistance; strictly
higher, the weapon drops, or with ``--take`` (hand-to-hand) the attacker takes it."""

from __future__ import annotations

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, two
from erc.rulesets.elysium.model import HAND_TO_HAND, Combatant, Settings, Weapon, die_sides
from erc.rulesets.elysium.rules.ap import ApSpend, pay
from erc.rulesets.elysium.rules.attack import choose_weapon
from erc.rulesets.elysium.rules.rolls import Side, roll_opposed, side, unrolled


class DisarmPlan(Value):
    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    target: Weapon
    take: bool
    initiator: Side
    opponent: Side
    ap: ApSpend
    sides: int


class Disarm(Value):
    """``erc disarm``: the opposed roll, then ``outcome`` (``kept``, ``dropped``,
    ``taken``; None unresolved)."""

    initiator: Roller
    opponent: Roller
    margin: int | None
    winner: str | None
    ap: ApSpend
    attacker: str
    defender: str
    weapon: str
    defender_weapon: str
    take: bool
    outcome: str | None
    resolved: bool
    notes: tuple[str, ...]


def target_weapon(defender: Combatant, named: str | None) -> Weapon:
    """EL7, EL-P4: the defender's first manufactured weapon, or the one named; a
    natural weapon cannot be disarmed ("relieving an angry bear of its claws is
    unlikely")."""
    if named is not None:
        weapon = defender.weapon(named)
        if weapon is None:
            held = ", ".join(w.name for w in defender.weapons) or "none"
            raise ErcError(
                "unknown-weapon",
                f"{defender.name} holds no weapon called {named!r}; it holds: {held}",
            )
        if weapon.natural:
            raise ErcError(
                "natural-weapon",
                f"{defender.name}'s {weapon.name} is part of its body (natural: true): only a "
                "manufactured weapon can be disarmed (EL7)",
            )
        return weapon
    found = next((w for w in defender.weapons if not w.natural), None)
    if found is None:
        natural = [w.name for w in defender.weapons]
        why = f" (only natural ones: {', '.join(natural)})" if natural else ""
        raise ErcError(
            "nothing-to-disarm",
            f"{defender.name} holds no manufactured weapon to disarm{why}: a disarm "
            '"only works on manufactured weapons" (EL7)',
        )
    return found


def plan_disarm(
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    *,
    weapon: str | None = None,
    target: str | None = None,
    take: bool = False,
) -> DisarmPlan:
    """Check a disarm and fix both sides' terms (EL7); ``--take`` without a hand-to-hand
    weapon is refused before any die (EL-P4)."""
    actor(attacker, offensive=True, what="a disarm")
    two(attacker, defender, "a disarm")
    chosen = choose_weapon(attacker, weapon)
    if take and chosen.skill != HAND_TO_HAND:
        raise ErcError(
            "take-needs-hand-to-hand",
            f'--take needs a disarm made hand-to-hand (EL7: "If the attacker is using the '
            f'Hand-To-Hand skill"); the {chosen.name} uses {chosen.skill}: disarm with a '
            "weapon whose skill is hand-to-hand",
        )
    goal = target_weapon(defender, target)
    spend = pay(attacker, chosen.ap, f"a disarm with the {chosen.name}")
    initiator = side(
        attacker,
        {
            "cunning": attacker.ability("cunning"),
            chosen.skill: attacker.ranks(chosen.skill),
            "muscle": attacker.ability("muscle"),
            "disarm_bonus": chosen.disarm_bonus,
        },
        f"{attacker.name} disarm",
    )
    opponent = side(
        defender,
        {
            "cunning": defender.ability("cunning"),
            goal.skill: defender.ranks(goal.skill),
            "muscle": defender.ability("muscle"),
            "disarm_resist": goal.disarm_resist,
        },
        f"{defender.name} disarm resistance",
    )
    return DisarmPlan(
        attacker=attacker,
        defender=defender,
        weapon=chosen,
        target=goal,
        take=take,
        initiator=initiator,
        opponent=opponent,
        ap=spend,
        sides=die_sides(rules),
    )


def _result(plan: DisarmPlan, contest: Opposed | None) -> Disarm:
    outcome = None
    notes: list[str] = []
    if contest is not None:
        won = contest.margin > 0  # EL7: "greater than the defender's result"
        outcome = ("taken" if plan.take else "dropped") if won else "kept"
        words = {
            "kept": f"{plan.defender.name} keeps the {plan.target.name}",
            "dropped": f"the {plan.target.name} drops to the ground",
            "taken": f"{plan.attacker.name} takes the {plan.target.name}",
        }
        notes.append(words[outcome])
    return Disarm(
        initiator=contest.initiator if contest else unrolled(plan.initiator),
        opponent=contest.opponent if contest else unrolled(plan.opponent),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        attacker=plan.attacker.name,
        defender=plan.defender.name,
        weapon=plan.weapon.name,
        defender_weapon=plan.target.name,
        take=plan.take,
        outcome=outcome,
        resolved=contest is not None,
        notes=tuple(notes),
    )


def resolve(dice: Dice, plan: DisarmPlan) -> Disarm:
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved(plan: DisarmPlan) -> Disarm:
    return _result(plan, None)
