"""Weapon attacks (EL4), charges (EL6) and sneak attacks (EL5.5).

Two steps, so that ``--odds`` enumerates the very resolver: ``plan_attack`` checks the
inputs and fixes both sides' terms and the AP before any die (bad input is an ``ErcError``);
``resolve(dice, plan)`` draws the attacker's die, then the defender's, and works out the
damage, the charge's +2, the polearm's counter and the sidestep.
"""

from __future__ import annotations

from erc.core.checks import MAX_MOD, Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.kept import by_inputs
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, two
from erc.rulesets.elysium.model import HAND_TO_HAND, Combatant, Settings, Weapon, die_sides
from erc.rulesets.elysium.rules.ap import ApSpend, pay
from erc.rulesets.elysium.rules.defense import Defense, defense
from erc.rulesets.elysium.rules.movement import run_up
from erc.rulesets.elysium.rules.rolls import Side, roll_opposed, side, unrolled

CHARGE_DAMAGE = 2
"""EL6.2: "Charging adds +2 to the damage dealt"."""


class TargetHp(Value):
    """What one defender took (the shape of ER's ``targets`` entries: ``name`` first)."""

    name: str
    """The defender."""
    damage: int
    """HP it lost."""
    hp_before: int
    """Its HP before the attack."""
    hp_after: int
    """Its HP after (never below 0)."""
    down: bool
    """``hp_after`` is 0: it is down (EL4.4)."""


def escape_bonus(dealer: Combatant, hit: TargetHp) -> int:
    """EL10.4: "If the defending character inflicts damage against the attacker while in the
    Grab, he or she can add the amount of damage done to his or her next Escape or Hold
    check": the HP ``dealer`` took off ``hit`` while ``hit`` pins it, else 0. The one rule
    for every damaging action (an attack, a spell, a counter-grab or a squeeze)."""
    if dealer.pinned_by != hit.name:
        return 0
    return hit.hp_before - hit.hp_after


def choose_weapon(who: Combatant, named: str | None) -> Weapon:
    """EL-P14: ``--with WEAPON``, else the first listed; with no weapon at all there
    is no attack (and without a natural weapon no unarmed one)."""
    if named is not None:
        weapon = who.weapon(named)
        if weapon is None:
            held = ", ".join(w.name for w in who.weapons) or "none"
            raise ErcError(
                "unknown-weapon",
                f"{who.name} holds no weapon called {named!r}; it holds: {held}"
                + (
                    f" ({', '.join(who.lost_weapons)} disarmed or taken)"
                    if who.lost_weapons
                    else ""
                ),
            )
        return weapon
    if not who.weapons:
        lost = f" ({', '.join(who.lost_weapons)} disarmed or taken)" if who.lost_weapons else ""
        raise ErcError(
            "no-weapon",
            f"{who.name} holds no weapon{lost}, so it cannot attack; a weapon with "
            "natural: true is its bare-hand attack (EL4.3, EL-P14)",
        )
    return who.weapons[0]


def net_magic(weapon: Weapon | None, defender: Combatant) -> int:
    """EL5.4: a magical weapon's bonus less the defender's MDEF, never negative."""
    if weapon is None or not weapon.magic:
        return 0
    return max(0, weapon.magic - defender.mdef)


def feint_bonus(attacker: Combatant, defender: Combatant) -> int:
    """EL9: the feints ``attacker`` is owed against ``defender`` (the state keeps only those
    still in time), each added to its next Attack Roll."""
    return sum(f.bonus for f in attacker.feints if f.target == defender.name)


def attack_parts(
    attacker: Combatant,
    weapon: Weapon | None,
    defender: Combatant,
    *,
    skill: str | None = None,
    mod: int = 0,
) -> dict[str, int]:
    """EL4.1: CUN + weapon skill ranks + MUS + the weapon's damage score, plus net magic
    (EL5.4), a feint's bonus (EL9) and ``--mod``. ``skill`` overrides the weapon's (the
    grab's hand-to-hand roll, EL-P9); no weapon: damage score 0."""
    used = skill or (weapon.skill if weapon is not None else HAND_TO_HAND)
    parts = {
        "cunning": attacker.ability("cunning"),
        used: attacker.ranks(used),
        "muscle": attacker.ability("muscle"),
        "damage_score": weapon.damage_score if weapon is not None else 0,
    }
    if weapon is not None and weapon.magic:
        parts["magic"] = net_magic(weapon, defender)
    feint = feint_bonus(attacker, defender)
    if feint:
        parts["feint"] = feint
    if mod:
        parts["mod"] = mod
    return parts


def check_mod(mod: int) -> int:
    if abs(mod) > MAX_MOD:
        raise ErcError("bad-option", f"--mod {mod}: at most ±{MAX_MOD}")
    return mod


class Sneak(Value):
    """``sneak``'s own part (null for ``attack``): the defender is taken as unaware of the
    danger (EL5.5), and how a helpless defense counts (house rule ``helpless_defense``)."""

    unaware: bool
    """The defender is taken as unaware of the danger: no Defense Roll (EL5.5)."""
    helpless_defense: str
    """How a helpless defense counts: the house rule ``helpless_defense``."""


class AttackPlan(Value):
    """Everything ``resolve`` and the odds need, fixed before any die."""

    attacker: Combatant
    defender: Combatant
    weapon: Weapon
    initiator: Side
    defense: Defense
    ap: ApSpend
    charge: bool
    move_ft: int
    stand_up: bool
    """EL5.7, EL-P13: a prone charger stands up first (``stand_up_ap``)."""
    feint: int
    sneak: Sneak | None
    sides: int
    notes: tuple[str, ...]


class Attack(Value):
    """``erc attack`` / ``erc sneak`` (the opposed roll's fields, then the
    attack's). Unresolved (``--odds`` alone): ``margin``, ``winner`` and ``damage`` are
    None and the rolls have no die."""

    initiator: Roller
    """The attacker's Attack Roll: its die, terms and total (EL4.1)."""
    opponent: Roller
    """The defender's Defense Roll: its die (None if helpless), terms and total."""
    margin: int | None
    """The attacker's total minus the defender's; None unresolved."""
    winner: str | None
    """Who has the strictly higher total; None on a tie (EL1.5) or unresolved."""
    ap: ApSpend
    """What the attack cost the attacker, with its AP left before and after (EL3.2)."""
    attacker: str
    """Who attacks."""
    defender: str
    """Who defends."""
    weapon: str
    """The attacker's weapon (``--with``, else the first listed)."""
    defense_kind: str
    """``dodge``, ``parry`` or ``helpless`` (EL-P5)."""
    parry_with: str | None
    """The parrying weapon; None for a bare-hand parry or another defense."""
    damage: int | None
    """HP the defender lost: the margin above 0 (EL4.2), + 2 for a charge; None unresolved."""
    charge: bool
    """A charge: a run and an attack in one (EL6)."""
    charge_bonus: int
    """The charge's +2 damage (EL6.2), when it dealt damage; else 0."""
    move_ft: int
    """Feet run for the charge; 0 without one."""
    stand_up: bool
    """A prone charger stood up first, for ``stand_up_ap`` (EL5.7, EL-P13)."""
    counter_damage: int
    """HP the charger lost to a polearm's parry (EL6.4); else 0."""
    feint_used: int
    """The feints' bonus the attacker was owed and added to this roll (EL9)."""
    sidestep_trip: bool
    """The defender sidestepped the charge: a free trip (EL6.5)."""
    sneak: Sneak | None
    """The sneak attack's own part (``erc sneak``); None for ``erc attack``."""
    targets: tuple[TargetHp, ...]
    """What the defender took; empty unresolved."""
    attacker_hp_before: int
    """The attacker's HP before the attack."""
    attacker_hp_after: int
    """The attacker's HP after a polearm's counter (EL6.4)."""
    escape_bonus: int
    """EL10.4: damage a pinned attacker dealt its grabber, for its next Escape or Hold."""
    resolved: bool
    """The dice were drawn (False for ``--odds`` alone)."""
    notes: tuple[str, ...]
    """What else the GM should know (no Defense Roll, a grab, a sidestep's trip, ...)."""


@by_inputs
def plan_attack(
    attacker: Combatant,
    defender: Combatant,
    rules: Settings,
    *,
    weapon: str | None = None,
    defense_kind: str | None = None,
    parry_with: str | None = None,
    charge: bool = False,
    move_ft: int | None = None,
    mod: int = 0,
    sneak: bool = False,
) -> AttackPlan:
    """Check an attack and fix its terms (EL4, EL6, EL5.5)."""
    what = "a sneak attack" if sneak else "a charge" if charge else "an attack"
    actor(attacker, offensive=True, what=what)
    two(attacker, defender, what)
    check_mod(mod)
    if move_ft is not None and not charge:
        raise ErcError("bad-option", "--move-ft is the charge's distance: it goes with --charge")
    run = run_up(attacker, rules, move_ft, what="charge", flag="--charge") if charge else None
    chosen = choose_weapon(attacker, weapon)
    if run is not None:
        cost = run.cost + chosen.ap
        cost_text = (
            f"a charge ({run.text('run')} + {chosen.ap} AP for the {chosen.name}; "
            "EL6.1: without enough, move this turn and attack the next, without the +2)"
        )
    else:
        cost = chosen.ap
        cost_text = f"{what} with the {chosen.name}"
    spend = pay(attacker, cost, cost_text)
    guard = defense(defender, rules, kind=defense_kind, parry_with=parry_with, unaware=sneak)
    parts = attack_parts(attacker, chosen, defender, mod=mod)
    initiator = side(attacker, parts, f"{attacker.name} attack")
    notes = [*(run.notes if run is not None else ()), *guard.notes]
    if defender.down:
        notes.append(f"{defender.name} is already down (0 HP)")
    return AttackPlan(
        attacker=attacker,
        defender=defender,
        weapon=chosen,
        initiator=initiator,
        defense=guard,
        ap=spend,
        charge=charge,
        move_ft=run.ft if run is not None else 0,
        stand_up=run is not None and run.stand_up,
        feint=parts.get("feint", 0),
        sneak=Sneak(True, rules.helpless_defense) if sneak else None,
        sides=die_sides(rules),
        notes=tuple(notes),
    )


def _outcome(plan: AttackPlan, contest: Opposed) -> Attack:
    attacker, defender, guard = plan.attacker, plan.defender, plan.defense
    margin = contest.margin
    damage = max(0, margin)
    bonus = CHARGE_DAMAGE if plan.charge and damage > 0 else 0  # EL6.2: no damage, no bonus
    damage += bonus
    counter = 0
    if (
        plan.charge
        and guard.kind == "parry"
        and guard.weapon is not None
        and guard.weapon.polearm
        and margin < 0
    ):
        counter = min(-margin, attacker.hp)  # EL6.4, EL-P6
    sidestep = (
        plan.charge and guard.kind == "dodge" and damage == 0 and defender.has_trump("sidestep")
    )
    after = max(0, defender.hp - damage)
    target = TargetHp(
        name=defender.name, damage=damage, hp_before=defender.hp, hp_after=after, down=after <= 0
    )
    notes = list(plan.notes)
    if counter:
        notes.append(
            f"{defender.name}'s polearm parries the charge: {attacker.name} loses {counter} HP "
            "(EL6.4)"
        )
    if sidestep:
        notes.append(_sidestep_note(defender, attacker.name))
    return Attack(
        initiator=contest.initiator,
        opponent=contest.opponent,
        margin=margin,
        winner=contest.winner,
        ap=plan.ap,
        attacker=attacker.name,
        defender=defender.name,
        weapon=plan.weapon.name,
        defense_kind=guard.kind,
        parry_with=guard.weapon.name if guard.weapon is not None else None,
        damage=damage,
        charge=plan.charge,
        charge_bonus=bonus,
        move_ft=plan.move_ft,
        stand_up=plan.stand_up,
        counter_damage=counter,
        feint_used=plan.feint,
        sidestep_trip=sidestep,
        sneak=plan.sneak,
        targets=(target,),
        attacker_hp_before=attacker.hp,
        attacker_hp_after=attacker.hp - counter,
        escape_bonus=escape_bonus(attacker, target),
        resolved=True,
        notes=tuple(notes),
    )


def _sidestep_note(defender: Combatant, charger: str) -> str:
    """EL6.5's free trip, as the trip itself will judge it: a defender that went on the
    defensive this round may make no offensive action (EL5.6), the free trip included."""
    try:
        actor(defender, offensive=True, what="the sidestep's free trip")
    except ErcError as refused:
        return f"{defender.name} sidesteps the charge, but may not take its free trip: " + (
            refused.message
        )
    return (
        f"{defender.name} sidesteps the charge: a free trip (0 AP) against {charger} (EL6.5), "
        f"once this charge is applied: erc trip {defender.name} {charger} --sidestep"
    )


def resolve(dice: Dice, plan: AttackPlan) -> Attack:
    """EL Part 2 dice order: the attacker's die, then the defender's (none if helpless)."""
    return _outcome(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.defense.side))


def unresolved(plan: AttackPlan) -> Attack:
    """The attack with nothing drawn (``--odds`` alone)."""
    guard = plan.defense
    d = plan.defender
    return Attack(
        initiator=unrolled(plan.initiator),
        opponent=unrolled(guard.side),
        margin=None,
        winner=None,
        ap=plan.ap,
        attacker=plan.attacker.name,
        defender=d.name,
        weapon=plan.weapon.name,
        defense_kind=guard.kind,
        parry_with=guard.weapon.name if guard.weapon is not None else None,
        damage=None,
        charge=plan.charge,
        charge_bonus=0,
        move_ft=plan.move_ft,
        stand_up=plan.stand_up,
        counter_damage=0,
        feint_used=plan.feint,
        sidestep_trip=False,
        sneak=plan.sneak,
        targets=(),
        attacker_hp_before=plan.attacker.hp,
        attacker_hp_after=plan.attacker.hp,
        escape_bonus=0,
        resolved=False,
        notes=plan.notes,
    )
