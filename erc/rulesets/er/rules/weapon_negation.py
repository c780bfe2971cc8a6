"""Weapon lock and disarm (RULES.md R8; seed 001 "Weapon Negation"), and freeing a locked
weapon (R8.2).

The attempt is one d20 (two with advantage or disadvantage) + Strength score + the
attacker's size modifier against the victim's AC, with the raw 20/1 rules (R8.1). A victim
with a reaction left may resist: against a lock, a Strength competition; against a disarm,
2/3/4 damage and then an Agility competition; the attacker rolls its d12 at advantage and
the victim must win outright (R8.2, R8.3).
"""

from __future__ import annotations

from erc.core.dice import Dice, Die, Mode
from erc.core.errors import ErcError
from erc.core.value import Value, replace
from erc.rulesets.er.conditions import (
    Modes,
    attack_modes,
    cannot_react,
    check_target,
    check_weapon,
    die_penalty,
    reaction_blocked,
)
from erc.rulesets.er.model import Combatant, Weapon, size_modifier
from erc.rulesets.er.rules.attack import (
    GIVEN_ADVANTAGE,
    GIVEN_DISADVANTAGE,
    refuse_flung,
    resistance_of,
    resisted,
)
from erc.rulesets.er.rules.checks import d20_check
from erc.rulesets.er.rules.competition import Contender, Contest, contender, contest
from erc.rulesets.er.rules.turns import Lock, reaction_check

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping

RESIST_BASE = 2
"""seed 001: "2 points against light weapons, 3 points for medium and 4 points for heavy"."""
ATTACKER_AT_ADVANTAGE = "the attacker rolls its d12 at advantage (R8.2, R8.3)"
FREE_COST = 2
"""R8.2: freeing a locked weapon "costs 2 attack dice from the wielder's next action"."""

LOCKED_NOTES = (
    "a locked weapon gives no bonuses: no parry, rebuff or riposte (R8.2)",
    "later reactions to pull it free fail; free it with `erc free` (R8.2)",
)
DISARMED_NOTE = "picking the weapon up costs 10 ft of movement and needs an unused action (R8.3)"
DOWN_NOTE = "the resisting damage brings the victim to 0 Body: it is down and cannot compete"


class Attempt(Value):
    """The attempt roll of R8.1: the ``dice`` thrown, the kept ``roll``."""

    dice: tuple[Die, ...]
    roll: int
    modifier: int
    total: int
    ac: int
    hit: bool
    advantage: str


class Negation(Value):
    """A weapon lock or disarm, set up before any die (not JSON)."""

    attacker: Combatant
    victim: Combatant
    weapon: Weapon
    victim_weapon: Weapon
    lock: bool
    resists: bool
    mode: Mode
    modes: Modes = Modes()
    """Why the attempt is at advantage or disadvantage (the flags and R13.2's conditions)."""

    @property
    def modifier(self) -> int:
        """R8.1: Strength **score** + the attacker's size modifier; no skill adds dice. R13.2:
        a bound attacker rolls it at -5 (R10)."""
        return (
            self.attacker.score("strength")
            + size_modifier(self.attacker.size)
            + die_penalty(self.attacker, "primary")
        )

    @property
    def damage(self) -> int:
        """R8.3: the damage a victim takes to resist a disarm, after its resistances (R5.5,
        as an attack's strike)."""
        if self.lock or not self.resists:
            return 0
        kind = resistance_of(self.victim, self.weapon.damage_type)
        return resisted(RESIST_BASE + self.weapon.weight_damage, kind)

    @property
    def downed(self) -> bool:
        """Resisting would take the victim to 0 Body (R5.8: down): no competition follows."""
        return self.resists and not self.lock and self.victim.body - self.damage <= 0

    def reaction(self) -> tuple[Contender, Contender]:
        """The victim's competition, victim first (dice order), the attacker at advantage:
        Strength against a lock (R8.2), Agility against a disarm (R8.3)."""
        attribute = "strength" if self.lock else "agility"
        return (
            contender(self.victim, attribute),
            contender(self.attacker, attribute, advantage_from=(ATTACKER_AT_ADVANTAGE,)),
        )


def attacker_weapon(attacker: Combatant, name: str | None) -> Weapon:
    """R8.1: "It needs a melee weapon": ``--with`` names it, else the primary weapon if it
    is a melee one, else the first melee weapon."""
    if name is not None:
        weapon = _named(attacker, name)
    else:
        primary = attacker.primary_weapon()
        melee = [w for w in attacker.weapons if w.kind == "melee"]
        if primary is not None and primary.kind == "melee":
            weapon = primary
        elif melee:
            weapon = melee[0]
        else:
            raise ErcError("no-melee-weapon", f"{attacker.name} has no melee weapon (R8.1)")
    if weapon.kind != "melee":
        raise ErcError(
            "no-melee-weapon",
            f"{attacker.name}'s {weapon.name} is a {weapon.kind} weapon; "
            "a lock or disarm needs a melee weapon (R8.1)",
        )
    if weapon.name in attacker.locked_weapons:
        raise ErcError(
            "weapon-locked",
            f"{attacker.name}'s {weapon.name} is held in a weapon lock (R8.2: held useless)",
        )
    return weapon


def victim_weapon(victim: Combatant, name: str | None) -> Weapon:
    """R8.1: the victim must hold a manufactured (non-savage) weapon: its primary one
    unless named."""
    if name is not None:
        weapon: Weapon | None = _named(victim, name)
    else:  # its primary one, else the first manufactured one it carries
        weapon = victim.primary_weapon()
        if weapon is not None and weapon.kind == "savage":
            weapon = next((w for w in victim.weapons if w.kind != "savage"), weapon)
    if weapon is None:
        raise ErcError("no-weapon", f"{victim.name} holds no weapon to lock or disarm (R8.1)")
    if weapon.kind == "savage":
        raise ErcError(
            "savage-weapon",
            f"{victim.name}'s {weapon.name} is a savage (body) weapon; only a manufactured "
            "weapon can be locked or disarmed (R8.1)",
        )
    return weapon


def _named(who: Combatant, name: str) -> Weapon:
    weapon = who.weapon(name)
    if weapon is None:
        refuse_flung(who, name, "does not hold")
        carried = ", ".join(w.name for w in who.weapons) or "none"
        raise ErcError(
            "unknown-weapon", f"{who.name} has no weapon called {name!r}; it carries: {carried}"
        )
    return weapon


def negation(
    attacker: Combatant,
    victim: Combatant,
    *,
    lock: bool = False,
    resist: bool | None = None,
    weapon: str | None = None,
    target_weapon: str | None = None,
    mode: Mode = Mode.NORMAL,
) -> Negation:
    """Set a lock or disarm up. ``resist=None`` resists when the victim can react; R8.4: a
    victim without a reaction left cannot resist, nor can one that can take no action (R4.3:
    surprised, "no reaction in round 1"; asleep, incapacitated, down ...), and asking it to
    is an error."""
    if attacker.name == victim.name:
        raise ErcError("bad-option", f"{attacker.name} cannot lock or disarm itself")
    check_target(attacker, victim)
    why_not = reaction_blocked(victim)
    if resist and why_not:
        code = "cannot-react" if cannot_react(victim) else "no-reaction"
        raise ErcError(code, f"{victim.name} {why_not} and cannot resist (R8.4, R13.3)")
    resists = why_not is None if resist is None else resist
    used = attacker_weapon(attacker, weapon)
    check_weapon(attacker, used, "primary")
    given = Modes(
        (GIVEN_ADVANTAGE,) if mode is Mode.ADVANTAGE else (),
        (GIVEN_DISADVANTAGE,) if mode is Mode.DISADVANTAGE else (),
    )
    modes = given.plus(*_pair(attack_modes(attacker, victim)))  # R13.2
    return Negation(
        attacker=attacker,
        victim=victim,
        weapon=used,
        victim_weapon=victim_weapon(victim, target_weapon),
        lock=lock,
        resists=resists,
        mode=Mode.of(bool(modes.advantage_from), bool(modes.disadvantage_from)),
        modes=modes,
    )


def _pair(modes: Modes) -> tuple[tuple[str, ...], tuple[str, ...]]:
    return modes.advantage_from, modes.disadvantage_from


class Disarm(Value):
    """The result of ``erc disarm`` (CONTRACT: ``hit``, ``outcome``, ``reaction``,
    ``damage_taken``)."""

    attacker: str
    victim: str
    maneuver: str  # "lock" or "disarm"
    weapon: str
    victim_weapon: str
    resists: bool
    resolved: bool
    hit: bool | None
    outcome: str | None  # missed locked disarmed kept pulled-free
    attempt: Attempt | None
    reaction: Contest | None
    damage_taken: int
    damage_type: str
    body_before: int
    body_after: int
    notes: tuple[str, ...] = ()
    advantage_from: tuple[str, ...] = ()
    """Why the attempt is at advantage (the flag, a stunned, blind or bound victim: R13.2)."""
    disadvantage_from: tuple[str, ...] = ()
    """Why it is at disadvantage (the flag, a blind or bound attacker: R13.2)."""


def unresolved(setup: Negation) -> Disarm:
    """The result with no dice drawn (``--odds`` alone)."""
    body = setup.victim.body
    return Disarm(
        attacker=setup.attacker.name,
        victim=setup.victim.name,
        maneuver="lock" if setup.lock else "disarm",
        weapon=setup.weapon.name,
        victim_weapon=setup.victim_weapon.name,
        resists=setup.resists,
        resolved=False,
        hit=None,
        outcome=None,
        attempt=None,
        reaction=None,
        damage_taken=0,
        damage_type=setup.weapon.damage_type,
        body_before=body,
        body_after=body,
        advantage_from=setup.modes.advantage_from,
        disadvantage_from=setup.modes.disadvantage_from,
    )


def resolve(setup: Negation, dice: Dice) -> Disarm:
    """Roll the attempt, then the victim's reaction if it hits and the victim resists
    (dice: the attempt, then the victim's d12s, then the attacker's)."""
    body = setup.victim.body
    attempt = roll_attempt(dice, setup)
    damage = setup.damage if attempt.hit else 0
    reaction: Contest | None = None
    notes: tuple[str, ...] = ()
    if not attempt.hit:
        outcome = "missed"
    elif setup.downed:
        outcome, notes = "disarmed", (DOWN_NOTE,)
    elif setup.resists:
        reaction = contest(dice, *setup.reaction())
        won = reaction.winner == setup.victim.name  # R8.2/R8.3: it must win outright
        outcome = _OUTCOMES[setup.lock, won]
    else:
        outcome = "locked" if setup.lock else "disarmed"
    notes += LOCKED_NOTES if outcome == "locked" else ()
    notes += (DISARMED_NOTE,) if outcome == "disarmed" else ()
    notes += setup.victim.drop_notes(damage)  # R6.6: resisting cost it Body
    return replace(
        unresolved(setup),
        resolved=True,
        hit=attempt.hit,
        outcome=outcome,
        attempt=attempt,
        reaction=reaction,
        damage_taken=damage,
        body_after=max(0, body - damage),
        notes=notes,
    )


_OUTCOMES = {
    (True, True): "pulled-free",
    (True, False): "locked",
    (False, True): "kept",
    (False, False): "disarmed",
}


def roll_attempt(dice: Dice, setup: Negation) -> Attempt:
    """R8.1: one d20 (two, better or worse, at advantage or disadvantage) + Strength score
    + size modifier against AC; a raw 20 hits and a raw 1 misses (R1.3)."""
    purpose = f"{setup.attacker.name} {'lock' if setup.lock else 'disarm'} attempt"
    check = d20_check(dice, purpose, setup.modifier, setup.victim.ac, setup.mode)
    return Attempt(
        dice=check.dice,
        roll=check.roll,
        modifier=check.modifier,
        total=check.total,
        ac=check.dc,
        hit=check.success,
        advantage=check.mode.value,
    )


class FreeStep(Value):
    """One of the wielder's actions while freeing: dice given up, and the dice left to
    attack with."""

    action_number: int
    """1 for the wielder's next action, 2 for the one after."""
    sacrificed: int
    attack_dice_left: int


class Freeing(Value):
    """The result of ``erc free``: what freeing a locked weapon costs (R8.2), from the
    wielder's action now on (``schedule``), and what this action does (``--apply``)."""

    name: str
    weapon: str
    pool: str
    pool_dice: int
    cost: int
    schedule: tuple[FreeStep, ...]
    notes: tuple[str, ...]
    paid_before: int = 0
    """Dice an earlier round's action already gave (the cost spread over two rounds)."""
    sacrificed: int = 0
    """Dice this action gives up: the schedule's first step."""
    attack_dice_left: int = 0
    """Dice of the pool this action may still attack with (R8.2: freeing a locked weapon
    costs 2 of the pool's dice, and a pool of 3 still attacks with 1)."""
    attacks_on: bool = False
    """This action may still attack: with the pool's dice left, or another pool's (the
    cost is 2 dice, not the other hand's); without, the action is spent whole."""
    freed: bool = False
    """The weapon is free once this action has paid."""


FREE_NOTES = (
    "a third party who locks the locker's weapon also frees it (R8.2)",
    "the wielder may instead drop the weapon as a reaction (R8.2: erc free NAME --drop)",
)


def locked_weapon(wielder: Combatant, weapon_name: str | None) -> str | None:
    """The weapon to free: the one named, else the one the journal has locked (R8.2).
    Naming a weapon that is not locked while another is, is an error."""
    locked = sorted(wielder.locked_weapons)
    if locked and weapon_name is None:
        return locked[0]
    if (
        locked
        and weapon_name is not None
        and weapon_name.casefold() not in {w.casefold() for w in locked}
    ):
        raise ErcError(
            "not-locked",
            f"{wielder.name}'s {weapon_name} is not locked; the journal has "
            f"{', '.join(locked)} locked",
        )
    return weapon_name


def free_cost(
    wielder: Combatant,
    weapon_name: str | None = None,
    paid: Mapping[str, int] | None = None,
    *,
    applying: bool = False,
) -> Freeing:
    """R8.2: 2 attack dice from the wielder's next action, from the pool of the locked
    weapon's hand; with fewer than 2 dice the cost is spread over two rounds, and those
    two actions attack with nothing. ``paid``: dice earlier actions gave, by weapon. No dice
    are rolled. ``applying``: the weapon must be locked (a preview may price any weapon)."""
    name = locked_weapon(wielder, weapon_name)
    weapon = victim_weapon(wielder, name)
    locked = weapon.name in wielder.locked_weapons
    if applying and not locked:
        raise ErcError(
            "not-locked", f"{wielder.name}'s {weapon.name} is not locked: there is nothing to free"
        )
    pool = "off" if weapon.hand == "off" else "primary"
    dice = wielder.pool(pool)
    before = min((paid or {}).get(weapon.name, 0), FREE_COST - 1)
    owed = FREE_COST - before
    if dice >= owed:
        steps: tuple[FreeStep, ...] = (FreeStep(1, owed, dice - owed),)
    else:  # seed 001: "only has melee fighting or is unskilled ... spread over two rounds":
        # one die (the whole action; an unskilled swing counts as one) in each of two rounds
        steps = tuple(FreeStep(n, 1, 0) for n in range(1, owed + 1))
    first = steps[0]
    others = sum(wielder.pool(p) for p in ("primary", "off", "savage") if p != pool)
    return Freeing(
        name=wielder.name,
        weapon=weapon.name,
        pool=pool,
        pool_dice=dice,
        cost=FREE_COST,
        schedule=steps,
        notes=FREE_NOTES
        if locked
        else (f"{wielder.name}'s {weapon.name} is not locked: this prices freeing it", *FREE_NOTES),
        paid_before=before,
        sacrificed=first.sacrificed,
        attack_dice_left=first.attack_dice_left,
        attacks_on=first.attack_dice_left + others > 0,
        freed=len(steps) == 1,
    )


class DroppedWeapon(Value):
    """``erc free NAME --drop``: R8.2: the victim may drop it as a reaction, which does not
    free the weapon but lets it switch to another one. The locker still holds it; when the
    lock ends it lies on the ground."""

    name: str
    weapon: str
    locker: str
    notes: tuple[str, ...]


def drop_locked(
    wielder: Combatant, weapon_name: str | None, locks: tuple[Lock, ...]
) -> DroppedWeapon:
    """R8.2: the wielder lets go of its locked weapon with its reaction (R8.4, R11.4);
    ``locks``: the locks in force (the journal's), which say who holds it."""
    name = locked_weapon(wielder, weapon_name)
    locker = next((k.locker for k in locks if (k.wielder, k.weapon) == (wielder.name, name)), None)
    if name is None or locker is None or name not in wielder.locked_weapons:
        what = (
            f"{wielder.name}'s {name} is not locked"
            if name
            else f"{wielder.name} has no locked weapon"
        )
        raise ErcError("not-locked", f"{what}: there is nothing to drop (R8.2)")
    reaction_check(wielder)  # dropping it is the reaction (R8.2)
    return DroppedWeapon(
        wielder.name,
        name,
        locker,
        (
            f"{locker} still holds the {name} locked: dropping it does not free it (R8.2)",
            f"{wielder.name} may switch to another weapon; when the lock ends the {name} lies "
            f"on the ground (erc pick-up {wielder.name!r} {name!r})",
        ),
    )
