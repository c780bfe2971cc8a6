"""Trip (EL8), overrun (EL6.3) and the sidestep's free trip (EL6.5): strictly higher, the
defender is prone (EL5.7); a trip deals no damage."""

from __future__ import annotations

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, cannot_move, two
from erc.rulesets.elysium.model import Combatant, Settings, Weapon
from erc.rulesets.elysium.rules.ap import ApSpend, move_ap, pay
from erc.rulesets.elysium.rules.attack import CHARGE_DAMAGE, choose_weapon
from erc.rulesets.elysium.rules.rolls import Side, roll_opposed, side, unrolled


class TripPlan(Value):
    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    overrun: bool
    sidestep: bool
    move_ft: int
    initiator: Side
    opponent: Side
    ap: ApSpend
    sides: int


class Trip(Value):
    """``erc trip`` (EL Part 2): the opposed roll, then ``tripped`` (None unresolved)."""

    initiator: Roller
    opponent: Roller
    margin: int | None
    winner: str | None
    ap: ApSpend
    attacker: str
    defender: str
    weapon: str
    overrun: bool
    sidestep: bool
    move_ft: int
    tripped: bool | None
    resolved: bool
    notes: tuple[str, ...]


def plan_trip(
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    *,
    weapon: str | None = None,
    overrun: bool = False,
    move_ft: int | None = None,
    sidestep: bool = False,
) -> TripPlan:
    """Check a trip and fix its terms: EL8 the weapon's AP (EL3.3); an overrun the move's AP
    plus the weapon's and +2 to Muscle as its own ``overrun`` part (EL Part 3.7); the
    sidestep's trip 0 AP (EL6.5), for a defender with the ``sidestep`` trump."""
    what = "an overrun" if overrun else "a trip"
    actor(attacker, offensive=True, what=what)
    two(attacker, defender, what)
    if move_ft is not None and not overrun:
        raise ErcError("bad-option", "--move-ft is the overrun's distance: it goes with --overrun")
    if overrun and move_ft is None:
        raise ErcError("bad-option", "--overrun needs --move-ft N: the distance run (EL Part 3.7)")
    if overrun and sidestep:
        raise ErcError("bad-option", "--sidestep is a free trip, not an overrun")
    if sidestep and not attacker.has_trump("sidestep"):
        raise ErcError(
            "no-sidestep",
            f"{attacker.name} has no sidestep trump: only a defender with Sidestep trips a "
            "charger for free (EL6.5)",
        )
    if overrun:
        stuck = cannot_move(attacker)
        if stuck:
            raise ErcError("cannot-move", f"{attacker.name} cannot overrun: {stuck}")
    chosen = choose_weapon(attacker, weapon)
    ft = move_ft or 0
    if sidestep:
        spend = pay(attacker, 0, "the sidestep's free trip (EL6.5)")
    elif overrun:
        moving = move_ap(ft, rules.move_ft_per_ap)
        spend = pay(
            attacker,
            moving + chosen.ap,
            f"an overrun ({moving} AP to run {ft} ft + {chosen.ap} AP for the {chosen.name})",
        )
    else:
        spend = pay(attacker, chosen.ap, f"a trip with the {chosen.name}")
    parts = {
        "cunning": attacker.ability("cunning"),
        chosen.skill: attacker.ranks(chosen.skill),
        "muscle": attacker.ability("muscle"),
        "trip_bonus": chosen.trip_bonus,
    }
    if overrun:
        parts["overrun"] = CHARGE_DAMAGE  # EL6.3: the charge's bonus, to Muscle
    guard = {
        "agility": defender.ability("agility"),
        "dodge": defender.ranks("dodge"),
        "athletics": defender.ranks("athletics"),
        "muscle": defender.ability("muscle"),
    }
    return TripPlan(
        attacker,
        defender,
        chosen,
        overrun,
        sidestep,
        ft,
        side(attacker, parts, f"{attacker.name} trip"),
        side(defender, guard, f"{defender.name} trip defense"),
        spend,
        rules.sides,
    )


def _result(plan: TripPlan, contest: Opposed | None) -> Trip:
    tripped = None if contest is None else contest.margin > 0
    notes: list[str] = []
    if tripped:
        notes.append(f"{plan.defender.name} is prone: -4 to Defense Rolls until it stands (EL5.7)")
        if plan.defender.has("prone"):
            notes.append(f"{plan.defender.name} was already prone")
    return Trip(
        contest.initiator if contest else unrolled(plan.initiator),
        contest.opponent if contest else unrolled(plan.opponent),
        contest.margin if contest else None,
        contest.winner if contest else None,
        plan.ap,
        plan.attacker.name,
        plan.defender.name,
        plan.weapon.name,
        plan.overrun,
        plan.sidestep,
        plan.move_ft,
        tripped,
        contest is not None,
        tuple(notes),
    )


def resolve(dice: Dice, plan: TripPlan) -> Trip:
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved(plan: TripPlan) -> Trip:
    return _result(plan, None)
