"""Trip (EL8), overrun (EL6.3) and the sidestep's free trip (EL6.5): strictly higher, the
defender is prone (EL5.7); a trip deals no damage."""

from __future__ import annotations

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, two
from erc.rulesets.elysium.model import Combatant, Settings, Weapon, die_sides
from erc.rulesets.elysium.rules.ap import ApSpend, pay
from erc.rulesets.elysium.rules.attack import CHARGE_DAMAGE, choose_weapon
from erc.rulesets.elysium.rules.defense import agility_and_dodge
from erc.rulesets.elysium.rules.movement import run_up
from erc.rulesets.elysium.rules.rolls import Side, roll_opposed, side, unrolled


class TripPlan(Value):
    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    overrun: bool
    sidestep: bool
    move_ft: int
    stand_up: bool
    initiator: Side
    opponent: Side
    ap: ApSpend
    sides: int
    notes: tuple[str, ...]


class Trip(Value):
    """``erc trip``: the opposed roll, then ``tripped`` (None unresolved)."""

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
    stand_up: bool
    """A prone overrunner stood up first, for ``stand_up_ap`` (EL5.7, EL-P13)."""
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
    plus the weapon's and +2 to Muscle as its own ``overrun`` part (EL-P7); the
    sidestep's trip 0 AP (EL6.5), once, for a defender with the ``sidestep`` trump that
    dodged ``defender``'s charge for no damage this round (``sidestep_trips``)."""
    what = "an overrun" if overrun else "a trip"
    actor(attacker, offensive=True, what=what)
    two(attacker, defender, what)
    if move_ft is not None and not overrun:
        raise ErcError("bad-option", "--move-ft is the overrun's distance: it goes with --overrun")
    if overrun and sidestep:
        raise ErcError("bad-option", "--sidestep is a free trip, not an overrun")
    if sidestep:
        sidestepped(attacker, defender)
    run = run_up(attacker, rules, move_ft, what="overrun", flag="--overrun") if overrun else None
    chosen = choose_weapon(attacker, weapon)
    if sidestep:
        spend = pay(attacker, 0, "the sidestep's free trip (EL6.5)")
    elif run is not None:
        spend = pay(
            attacker,
            run.cost + chosen.ap,
            f"an overrun ({run.text('run')} + {chosen.ap} AP for the {chosen.name})",
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
        **agility_and_dodge(defender),  # EL5.8: in a grab, neither (against anyone)
        "athletics": defender.ranks("athletics"),
        "muscle": defender.ability("muscle"),
    }
    return TripPlan(
        attacker=attacker,
        defender=defender,
        weapon=chosen,
        overrun=overrun,
        sidestep=sidestep,
        move_ft=run.ft if run is not None else 0,
        stand_up=run is not None and run.stand_up,
        initiator=side(attacker, parts, f"{attacker.name} trip"),
        opponent=side(defender, guard, f"{defender.name} trip defense"),
        ap=spend,
        sides=die_sides(rules),
        notes=run.notes if run is not None else (),
    )


def sidestepped(tripper: Combatant, charger: Combatant) -> None:
    """EL6.5: "If a defending character with the Sidestep trump manages to completely dodge
    out of the way of a charge, he or she can make a free trip attempt against the
    attacker": the trump, and a charge by ``charger`` this round that ``tripper`` dodged for
    0 damage (applied to the journal), not yet tripped for."""
    if not tripper.has_trump("sidestep"):
        raise ErcError(
            "no-sidestep",
            f"{tripper.name} has no sidestep trump: only a defender with Sidestep trips a "
            "charger for free (EL6.5)",
        )
    if charger.name not in tripper.sidestep_trips:
        owed = ", ".join(tripper.sidestep_trips)
        raise ErcError(
            "no-sidestep",
            f"{tripper.name} has no free trip against {charger.name}: the Sidestep trip "
            f"follows a charge by {charger.name} that {tripper.name} dodged for 0 damage this "
            "round, applied with --apply, and is made once (EL6.5)"
            + (f"; it is owed one against {owed}" if owed else ""),
        )


def _result(plan: TripPlan, contest: Opposed | None) -> Trip:
    tripped = None if contest is None else contest.margin > 0
    notes = list(plan.notes)
    if tripped:
        notes.append(f"{plan.defender.name} is prone: -4 to Defense Rolls until it stands (EL5.7)")
        if plan.defender.has("prone"):
            notes.append(f"{plan.defender.name} was already prone")
    return Trip(
        initiator=contest.initiator if contest else unrolled(plan.initiator),
        opponent=contest.opponent if contest else unrolled(plan.opponent),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        attacker=plan.attacker.name,
        defender=plan.defender.name,
        weapon=plan.weapon.name,
        overrun=plan.overrun,
        sidestep=plan.sidestep,
        move_ft=plan.move_ft,
        stand_up=plan.stand_up,
        tripped=tripped,
        resolved=contest is not None,
        notes=tuple(notes),
    )


def resolve(dice: Dice, plan: TripPlan) -> Trip:
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved(plan: TripPlan) -> Trip:
    return _result(plan, None)
