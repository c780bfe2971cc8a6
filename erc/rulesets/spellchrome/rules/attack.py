"""Attacks (SC4; with SC5 AC, SC6 damage, SC7 range, SC8 DR and EX-HP, SC9 the drop).

Resolved in two steps, so the sneak attack and the exact odds reuse both:

1. ``plan_attack(attacker, target, ...)`` checks the inputs and fixes, before any die is
   drawn, every attack roll: its BAB step, its bonus itemised, the AC and its kind, the
   range band, and what damage adds. Bad input is an ``ErcError`` (exit 2).
2. ``resolve(dice, plan)`` draws the dice in the contract's order (Part 2 "Dice order": per
   attack its d20, then on a hit its damage dice, then the DR die when this is the target's
   first hit of the round) and returns an ``Attack`` whose fields are the contract's.
   ``unresolved(plan)`` is the result with nothing drawn (``--odds`` alone);
   ``erc.rulesets.spellchrome.odds.attack.exact`` gives the exact odds of the same plan.

- SC4.1, SC4.2: a hit when d20 + bonus >= AC, a natural 1 always misses and a natural 20
  always hits (``erc.core.checks.succeeds``, the one place that rule lives); no criticals.
- SC4.3: melee = melee BAB + Strength modifier; ranged and thrown = ranged BAB + Dexterity.
- SC4.4: ``full`` rolls one attack per iterative bonus, in order (both actions of the turn);
  otherwise one attack at the first bonus (a standard action).
- SC4.6: ``mod`` adds to every roll; SC9: the drop adds +4, and the victim is flat-footed
  unless aware (SC-P3: awareness removes only the flat-footedness, that of being
  unaware of the attacker and that of an ``unaware`` condition; asleep, bound, paralyzed and
  unconscious stay).
"""

from __future__ import annotations

from collections.abc import Mapping

from erc.core.checks import MAX_MOD, succeeds
from erc.core.dice import Dice
from erc.core.errors import ErcError, did_you_mean
from erc.core.expr import roll as roll_expression
from erc.core.kept import by_inputs
from erc.core.value import Value
from erc.rulesets.spellchrome.conditions import flat_footed_from
from erc.rulesets.spellchrome.model import Combatant, Weapon
from erc.rulesets.spellchrome.rules.armor_class import ArmorClass, armor_class
from erc.rulesets.spellchrome.rules.damage import (
    HitDamage,
    absorb,
    dr_value,
    fixed_dr,
    hit_damage,
    soak,
)
from erc.rulesets.spellchrome.rules.range import RangeBand, range_band

DROP_BONUS = 4
"""SC9: "there is a possible +4 bonus to hit resulting from a successful use of the Hide
and Move Silently Skill"."""
FLAG_FLAT_FOOTED = "--flat-footed (the GM's ruling)"
UNAWARE_OF_ATTACKER = "unaware of the attacker (sneak, SC9)"


class PlannedRoll(Value):
    """One attack roll as fixed before any die is drawn."""

    number: int
    """1, 2, ...: the iterative attacks in order (SC4.4)."""
    bab: int
    parts: Mapping[str, int]
    """Everything added to the d20, term by term, in the order they add up."""
    bonus: int
    ac: int
    ac_kind: str

    def hits_on(self, raw: int) -> bool:
        """SC4.1, SC4.2: ``raw + bonus >= AC``, unless a natural 1 or 20 decides."""
        return succeeds(raw, self.bonus, self.ac)

    def natural_decides(self, raw: int) -> bool:
        """Part 2 ``natural``: "a natural 1 or 20 decided the hit", read as SC4.2 changing
        the outcome the total alone gives: a natural 20 whose total misses the AC, a
        natural 1 whose total reaches it. A 20 that would hit anyway decides nothing."""
        return self.hits_on(raw) != (raw + self.bonus >= self.ac)


class AttackPlan(Value):
    """Everything ``resolve`` and the exact odds need; built only by ``plan_attack``."""

    attacker: str
    target: str
    weapon: Weapon
    range: RangeBand
    armor_class: ArmorClass
    flat_footed_from: tuple[str, ...]
    touch: bool
    full: bool
    sneak: bool
    victim_aware: bool
    rolls: tuple[PlannedRoll, ...]
    strength: int
    """The Strength modifier added to damage (melee and thrown, SC6.2), else 0."""
    damage_mod: int
    minimum: bool
    """SC6.3: the minimum of 1 applies (melee and thrown hits)."""
    dr: str | None
    """The target's DR as its armour gives it (a dice expression or a number), or None."""
    dr_fixed: int | None
    """The DR every hit gets: a number's value, this round's roll (SC8.1), 0 without DR;
    None when the first hit must roll it."""
    hp: int
    ex_hp: int
    actions: tuple[str, ...]
    notes: tuple[str, ...]


class Sneak(Value):
    """SC9: the drop's bonus, and whether the victim knew of the attacker (SC-P3)."""

    bonus: int
    """The drop's +4 to hit (SC9)."""
    victim_aware: bool
    """The victim knew of the attacker: not flat footed for it (SC-P3)."""


class DamageReduction(Value):
    """The DR a hit met: ``rolled`` when this hit drew the DR die (SC8.1)."""

    value: int
    """The DR taken off the hit's damage (SC8.1)."""
    rolled: bool
    """This hit drew the DR die: the target's first hit of the round (SC8.1)."""


class AttackRoll(Value):
    """One attack roll as resolved (an ``attacks`` entry); the damage fields are null
    on a miss, and ``damage_dice`` is always the weapon's expression."""

    number: int
    """1, 2, ...: the iterative attacks in order (SC4.4)."""
    weapon: str
    """The weapon it attacks with."""
    roll: int | None
    """The d20; None when nothing was drawn (``--odds`` alone)."""
    natural: bool | None
    """True when a natural 1 or 20 decided the hit (SC4.2): the total alone would have
    given the other outcome (``PlannedRoll.natural_decides``); None when nothing was
    drawn."""
    bonus: int
    """The sum of ``parts``: added to the d20."""
    parts: Mapping[str, int]
    """Everything added to the d20, term by term (``bab``, the ability, ``range``, ...)."""
    total: int | None
    """``roll`` + ``bonus``; None when nothing was drawn."""
    ac: int
    """The AC it rolls against."""
    ac_kind: str
    """``normal``, ``touch``, ``flat-footed`` or ``touch-flat-footed`` (SC5)."""
    hit: bool | None
    """``total`` reaches ``ac``; a natural 20 hits, a natural 1 misses (SC4.2); None: not drawn."""
    range_band: str
    """SC7: ``within``, ``beyond`` (-6 to hit) or ``beyond-double`` (-6, half damage)."""
    damage_dice: str
    """The weapon's damage dice, as its expression."""
    damage_roll: int | None
    """What the damage dice came to; None on a miss."""
    damage: int | None
    """After Strength, ``--damage-mod``, halving and the minimum; before DR."""
    minimum_applied: bool | None
    """The minimum of 1 raised the damage (melee and thrown, SC6.3); None on a miss."""
    halved: bool | None
    """The damage was halved: beyond double the range (SC7.3); None on a miss."""
    dr: DamageReduction | None
    """The damage reduction this hit met (SC8.1); None on a miss."""
    ex_hp_absorbed: int | None
    """Damage taken off Extraordinary HP first (SC8.3); None on a miss."""
    hp_damage: int | None
    """HP lost to this hit, after DR and EX-HP; None on a miss."""


class TargetResult(Value):
    """What the target took (the ``targets`` entry: the same key and shape as ER's)."""

    name: str
    """The target."""
    damage: int
    """HP lost (Extraordinary HP absorbed first are not counted)."""
    hp_before: int
    """Its HP before the attack."""
    hp_after: int
    """Its HP after (it may go below 0)."""
    ex_hp_before: int
    """Its Extraordinary HP before the attack."""
    ex_hp_after: int
    """Its Extraordinary HP after."""
    down: bool
    """``hp_after`` is 0 or below: it is down (SC6.5)."""


class Attack(Value):
    """The result of ``erc attack`` and ``erc sneak``.

    Unresolved (``--odds`` alone): ``attacks`` lists the planned rolls with nothing drawn,
    ``targets`` is empty and ``damage`` is None.
    """

    attacker: str
    """Who attacks."""
    target: str
    """Who is attacked."""
    weapon: str
    """The weapon (``--with``, else the first listed, SC-P8)."""
    weapon_kind: str
    """The weapon's kind, as the file gives it."""
    full: bool
    """A full attack: one roll per iterative bonus, standard and move actions (SC4.4)."""
    sneak: Sneak | None
    """The drop (``erc sneak``), or None for an ordinary attack."""
    touch: bool
    """A touch attack: the target's AC without armour, shield or natural armour (SC5.4)."""
    flat_footed: bool
    """The target is flat footed: no Dexterity bonus to its AC (SC5.3)."""
    flat_footed_from: tuple[str, ...]
    """Each reason it is flat footed (a condition, ``--flat-footed``, unaware)."""
    range_check: RangeBand
    """The range band at ``--distance`` (SC7)."""
    armor_class: ArmorClass
    """The target's AC this attack rolls against, term by term."""
    attacks: tuple[AttackRoll, ...]
    """Each attack roll, in order; unresolved, the planned rolls with nothing drawn."""
    targets: tuple[TargetResult, ...]
    """What the target took; empty unresolved."""
    damage: int | None
    """HP lost in all."""
    dr_rolled: int | None
    """The DR value this attack drew for the target (recorded for the round, SC8.1)."""
    resolved: bool
    """The dice were drawn (False for ``--odds`` alone)."""
    actions: tuple[str, ...]
    """The actions it takes: ``standard``, and ``move`` for a full attack (SC4.4)."""
    notes: tuple[str, ...]
    """What else the GM should know (awareness cancelling a condition, a target down)."""


# --- planning -------------------------------------------------------------------------


def choose_weapon(attacker: Combatant, name: str | None) -> Weapon:
    """``--with`` by name (case-insensitive), else the first listed (SC-P8)."""
    if not attacker.weapons:
        raise ErcError(
            "no-weapon",
            f"{attacker.name} has no weapon, so it cannot attack (SC-P8); give it "
            "weapons in the encounter file",
        )
    if name is None:
        return attacker.weapons[0]
    found = attacker.weapon(name)
    if found is None:
        have = [w.name for w in attacker.weapons]
        hint = did_you_mean(name.casefold(), [h.casefold() for h in have])
        raise ErcError(
            "unknown-weapon",
            f"{attacker.name} has no weapon called {name!r}{hint}; it has: {', '.join(have)}",
        )
    return found


@by_inputs
def plan_attack(
    attacker: Combatant,
    target: Combatant,
    *,
    weapon: str | None = None,
    distance: int = 0,
    touch: bool = False,
    flat_footed: bool = False,
    full: bool = False,
    mod: int = 0,
    damage_mod: int = 0,
    sneak: bool = False,
    victim_aware: bool = False,
) -> AttackPlan:
    """Check the inputs and fix every attack roll (module docstring)."""
    if target.name == attacker.name:
        raise ErcError("bad-target", f"{attacker.name} cannot attack itself")
    for option, value in (("--mod", mod), ("--damage-mod", damage_mod)):
        if abs(value) > MAX_MOD:
            raise ErcError("bad-option", f"{option} {value}: at most ±{MAX_MOD}")
    chosen = choose_weapon(attacker, weapon)
    band = range_band(chosen, attacker, distance)  # SC-P6: refused before any die
    aware = sneak and victim_aware
    why_flat = flat_footed_from(target, aware_of_attacker=aware)
    if flat_footed:
        why_flat += (FLAG_FLAT_FOOTED,)
    if sneak and not victim_aware:
        why_flat += (UNAWARE_OF_ATTACKER,)
    ac = armor_class(target, touch=touch, flat_footed=bool(why_flat))
    ability = "strength" if chosen.melee else "dexterity"
    steps = attacker.bab(chosen)
    rolls = []
    for number, step in enumerate(steps if full else steps[:1], 1):
        parts: dict[str, int] = {"bab": step, ability: attacker.mod(ability)}
        if mod:
            parts["mod"] = mod
        if band.penalty:
            parts["range"] = band.penalty
        if sneak:
            parts["drop"] = DROP_BONUS
        rolls.append(
            PlannedRoll(
                number=number,
                bab=step,
                parts=parts,
                bonus=sum(parts.values()),
                ac=ac.value,
                ac_kind=ac.kind,
            )
        )
    dr_fixed = fixed_dr(target.dr)
    if dr_fixed is None and target.dr_this_round is not None:
        dr_fixed = target.dr_this_round  # SC8.1: kept for the rest of the round
    return AttackPlan(
        attacker=attacker.name,
        target=target.name,
        weapon=chosen,
        range=band,
        armor_class=ac,
        flat_footed_from=why_flat,
        touch=touch,
        full=full,
        sneak=sneak,
        victim_aware=victim_aware,
        rolls=tuple(rolls),
        strength=attacker.mod("strength") if chosen.adds_strength else 0,
        damage_mod=damage_mod,
        minimum=chosen.adds_strength,
        dr=target.dr,
        dr_fixed=dr_fixed,
        hp=target.hp,
        ex_hp=target.ex_hp,
        actions=("standard", "move") if full else ("standard",),
        notes=_plan_notes(attacker, target, why_flat),
    )


def _plan_notes(
    attacker: Combatant, target: Combatant, why_flat: tuple[str, ...]
) -> tuple[str, ...]:
    """What the table says beside the attack: a condition the victim's awareness cancels
    (SC-P3), a target already down."""
    notes = []
    cancelled = set(flat_footed_from(target)) - set(why_flat)
    if cancelled:
        notes.append(
            f"{target.name}'s {', '.join(sorted(cancelled))} condition does not make it "
            f"flat-footed here: it is aware of {attacker.name} (--victim-aware, SC-P3)"
        )
    if target.down:
        notes.append(f"{target.name} is already at {target.hp} HP (down)")
    return tuple(notes)


def damage_of(plan: AttackPlan, damage_roll: int) -> HitDamage:
    """SC6.4 for one hit of ``plan`` whose dice came to ``damage_roll``."""
    return hit_damage(
        damage_roll,
        strength=plan.strength,
        damage_mod=plan.damage_mod,
        halved=plan.range.halved,
        minimum=plan.minimum,
    )


# --- resolution -----------------------------------------------------------------------


def _missed(plan: AttackPlan, planned: PlannedRoll, raw: int | None) -> AttackRoll:
    return AttackRoll(
        number=planned.number,
        weapon=plan.weapon.name,
        roll=raw,
        natural=None if raw is None else planned.natural_decides(raw),
        bonus=planned.bonus,
        parts=planned.parts,
        total=None if raw is None else raw + planned.bonus,
        ac=planned.ac,
        ac_kind=planned.ac_kind,
        hit=None if raw is None else False,
        range_band=plan.range.band,
        damage_dice=plan.weapon.damage,
        damage_roll=None,
        damage=None,
        minimum_applied=None,
        halved=None,
        dr=None,
        ex_hp_absorbed=None,
        hp_damage=None,
    )


def unresolved(plan: AttackPlan) -> Attack:
    """The result with no dice drawn (``--odds`` alone)."""
    planned = tuple(_missed(plan, p, None) for p in plan.rolls)
    return _attack(plan, planned, (), None, None, resolved=False)


def _attack(
    plan: AttackPlan,
    rolls: tuple[AttackRoll, ...],
    targets: tuple[TargetResult, ...],
    damage: int | None,
    dr_rolled: int | None,
    *,
    resolved: bool,
) -> Attack:
    return Attack(
        attacker=plan.attacker,
        target=plan.target,
        weapon=plan.weapon.name,
        weapon_kind=plan.weapon.kind,
        full=plan.full,
        sneak=Sneak(DROP_BONUS, plan.victim_aware) if plan.sneak else None,
        touch=plan.touch,
        flat_footed=bool(plan.flat_footed_from),
        flat_footed_from=plan.flat_footed_from,
        range_check=plan.range,
        armor_class=plan.armor_class,
        attacks=rolls,
        targets=targets,
        damage=damage,
        dr_rolled=dr_rolled,
        resolved=resolved,
        actions=plan.actions,
        notes=plan.notes,
    )


def resolve(dice: Dice, plan: AttackPlan) -> Attack:
    """Draw the dice (module docstring: per attack its d20, then on a hit its damage dice,
    then the DR die at the target's first hit of the round) and resolve every attack."""
    ex_hp, hp = plan.ex_hp, plan.hp
    dr = plan.dr_fixed
    drawn: int | None = None
    rolls: list[AttackRoll] = []
    for planned in plan.rolls:
        raw = dice.roll(20, f"{plan.attacker} attack {planned.number}")
        if not planned.hits_on(raw):
            rolls.append(_missed(plan, planned, raw))
            continue
        faces = roll_expression(plan.weapon.damage, dice, purpose=f"{plan.attacker} damage")
        hit = damage_of(plan, faces.total)
        rolled_now = dr is None
        if dr is None:  # SC8.1: "roll that once you have been hit and damage is determined"
            assert plan.dr is not None
            dr = drawn = dr_value(roll_expression(plan.dr, dice, purpose=f"{plan.target} DR").total)
        absorbed, to_hp = absorb(ex_hp, soak(hit.damage, dr))
        ex_hp -= absorbed
        hp -= to_hp
        rolls.append(
            AttackRoll(
                number=planned.number,
                weapon=plan.weapon.name,
                roll=raw,
                natural=planned.natural_decides(raw),
                bonus=planned.bonus,
                parts=planned.parts,
                total=raw + planned.bonus,
                ac=planned.ac,
                ac_kind=planned.ac_kind,
                hit=True,
                range_band=plan.range.band,
                damage_dice=plan.weapon.damage,
                damage_roll=hit.damage_roll,
                damage=hit.damage,
                minimum_applied=hit.minimum_applied,
                halved=hit.halved,
                dr=DamageReduction(dr, rolled_now),
                ex_hp_absorbed=absorbed,
                hp_damage=to_hp,
            )
        )
    lost = plan.hp - hp
    target = TargetResult(
        name=plan.target,
        damage=lost,
        hp_before=plan.hp,
        hp_after=hp,
        ex_hp_before=plan.ex_hp,
        ex_hp_after=ex_hp,
        down=hp <= 0,
    )
    return _attack(plan, tuple(rolls), (target,), lost, drawn, resolved=True)
