"""Attacks (RULES.md R5, with R1.3, R1.5 and R1.6): every strike of an attacker's pools.

An attack is resolved in two steps, so that other mechanics (the sneak attack, R6) reuse
both without copying a rule:

1. ``plan_attack(attacker, targets, ...)`` checks the inputs and fixes, before any die is
   drawn, every strike: its pool, target, weapon, dice, to-hit bonus and damage parts. It
   returns an ``AttackPlan``; bad input is an ``ErcError`` (exit 2).
2. ``resolve(dice, plan)`` draws the dice in the CONTRACT's order and returns an
   ``Attack``, whose fields are the CONTRACT's JSON fields. ``unresolved(plan)`` is the
   same result with nothing drawn (``--odds`` alone); ``erc.rulesets.er.odds.attack.exact``
   gives the exact odds of the same plan.

A sneak attack (R6.2, R6.4) is one primary strike at advantage with the sneak die as an
extra die::

    plan = plan_attack(
        attacker, [victim], weapon=name, pools=("primary",), mode=Mode.ADVANTAGE,
        extra_primary_dice=1 if sneak_die else 0, extra_label="sneak",
        advantage_damage=encounter.rules.advantage_damage,
    )
    attack = resolve(dice, plan)

``mode=Mode.ADVANTAGE`` adds the one advantage die (R1.5, never two) and the d3 damage
(R1.6); ``extra_primary_dice`` adds dice beyond it that may push the pool past 5 (R1.4).

How strikes meet targets (R5.1, R5.7): the strikes are the chosen pools in the order
primary, off, savage; a pool split with ``split=("primary", (2, 1))`` becomes one strike
per part, in the order given. Strike k strikes target k (command-line order); the last
target takes the strikes left over. The parts of one split pool must strike different
targets, and there may not be more targets than strikes. Advantage, disadvantage and extra
dice change the first strike of the primary pool; the crit award die (R5.6) joins the first
primary strike that kept a raw 20.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from erc.core.checks import succeeds
from erc.core.dice import Dice, Mode
from erc.core.errors import ErcError, did_you_mean
from erc.core.kept import by_identity, by_inputs
from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.er.conditions import (
    HAND_POOLS,
    Modes,
    attack_modes,
    check_target,
    check_weapon,
    die_penalty,
)
from erc.rulesets.er.model import (
    CRIT_STYLES,
    POOLS,
    SAVAGE_BODY_WEAPON,
    Combatant,
    Weapon,
    size_modifier,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

ATTRIBUTE = {"melee": "strength", "savage": "strength", "ranged": "agility"}
"""R5.2, R5.4: melee and savage strikes use Strength, ranged strikes Agility."""
CRIT_SKILL_DICE = 2
"""R5.6: a crit needs at least 2 skill dice in the primary pool."""
MAX_EXTRA_DICE = 5


class PlannedStrike(Value):
    """One strike as fixed before any die is drawn (the result's ``plan`` entries).

    ``bonus`` is added to every die (attribute score + attacker size + ranged against a
    large target); a die hits on ``needs`` or more. ``sources`` names each d20 thrown:
    ``pool``, ``advantage``, the extra dice's label, or ``disadvantage`` twice when a pool
    driven to zero dice rolls 2d20 and keeps the lower (``keep_lower``).
    """

    pool: str
    """The pool it strikes with: ``primary``, ``off`` or ``savage`` (R5.1)."""
    part: int
    """1, 2, ... for the parts of a split pool (``--split``); 0 when the pool is whole."""
    target: str
    """The target it strikes (strike k the k-th target; the last takes the rest)."""
    weapon: str
    """The weapon it strikes with."""
    kind: str
    """The weapon's kind: ``melee``, ``ranged`` or ``savage``."""
    damage_type: str
    """The weapon's damage type."""
    ac: int
    """The target's AC."""
    bonus: int
    """Added to every die: attribute score + size (+ target size, ranged; R5.2, R5.3)."""
    needs: int
    """The lowest raw face that hits (a raw 20 always hits, R1.3)."""
    modifier: int
    """The attribute modifier, added once per target that is hit (R5.4)."""
    weight: int
    """Weight damage, added once per strike that hits (R5.4)."""
    resistance: str
    """``none``, ``resist``, ``vulnerable``, ``immune`` or ``cancelled`` (R5.5)."""
    n_dice: int
    """The d20s that count (1 for a pool driven to 0: 2d20, the lower kept)."""
    keep_lower: bool
    """A pool driven to 0 dice: it rolls 2d20 and keeps the lower (R1.5)."""
    sources: tuple[str, ...]
    """Each d20 thrown: ``pool``, ``advantage``, the extra label, or ``disadvantage`` twice."""

    def hits_on(self, raw: int) -> bool:
        """R1.3 and R5.2: a raw 20 always hits, a raw 1 always misses, else raw + bonus >= AC."""
        return succeeds(raw, self.bonus, self.ac)


class AttackPlan(Value):
    """Everything ``resolve`` and the exact odds need; built only by ``plan_attack``."""

    attacker: Combatant
    targets: tuple[Combatant, ...]
    strikes: tuple[PlannedStrike, ...]
    mode: Mode
    crit_capable: bool
    d3: bool  # R1.6 applies: at advantage or disadvantage with advantage_damage d3
    notes: tuple[str, ...]
    modes: Modes = Modes()
    """Why the attack is at advantage or disadvantage (R10.3: the flags and conditions)."""


class AttackDie(Value):
    """One d20 of a strike. ``hit``: it counts as a hit (kept and reaching the AC)."""

    raw: int
    """The face rolled."""
    total: int
    """``raw`` + the strike's ``bonus``."""
    hit: bool
    """It counts as a hit: kept and reaching the AC (a raw 20 always, a raw 1 never)."""
    kept: bool
    """It counts (of 2d20 keep lower, only the lower is kept)."""
    source: str
    """``pool``, ``advantage``, ``disadvantage``, ``crit`` or the extra dice's label."""


class Strike(Value):
    """A strike as resolved: damage = resisted(hits + modifier + weight) (R5.4, R5.5)."""

    pool: str
    """The pool it struck with: ``primary``, ``off`` or ``savage``."""
    part: int
    """1, 2, ... for the parts of a split pool; 0 when the pool is whole."""
    target: str
    """The target it struck."""
    weapon: str
    """The weapon it struck with."""
    damage_type: str
    """The weapon's damage type."""
    dice: tuple[AttackDie, ...]
    """Its d20s, in the order drawn (the crit award die last)."""
    hits: int
    """How many of its dice hit."""
    modifier: int
    """The attribute modifier it added: on the target's first strike that hit, else 0."""
    weight: int
    """The weight damage it added (0 with no hit)."""
    resistance: str
    """The target's resistance to its damage type (R5.5)."""
    damage: int
    """``hits`` + ``modifier`` + ``weight``, after resistance (R5.4, R5.5)."""


class TargetDamage(Value):
    """What one target took: its strikes after resistance, then the R1.6 d3.

    ``damage_type``: the type of the first strike on it that hit (of the first strike aimed
    at it when none hit); ``damage_types``: every type that hit it, in strike order.
    ``d3``: the advantage d3 added (+) or the disadvantage d3 subtracted (-), or None.
    ``damage`` is what was dealt; Body stops at 0 (R5.8).
    """

    name: str
    """The target."""
    damage: int
    """The damage dealt: ``strike_damage`` with the R1.6 d3."""
    damage_type: str
    """The type of its first strike that hit (of the first aimed at it if none hit)."""
    damage_types: tuple[str, ...]
    """Every damage type that hit it, in strike order."""
    hits: int
    """How many dice hit it, over all its strikes."""
    strike_damage: int
    """Its strikes' damage after resistance, before the d3."""
    d3: int | None
    """The advantage d3 added (+) or the disadvantage d3 subtracted (-) (R1.6); or None."""
    body_before: int
    """Its Body before the attack."""
    body_after: int
    """Its Body after (never below 0, R5.8)."""
    down: bool
    """``body_after`` is 0: it is down (R5.8)."""


class Attack(Value):
    """The result of ``erc attack`` (CONTRACT ``attack`` fields, plus ``plan``).

    Unresolved (``--odds`` alone): ``strikes`` and ``targets`` are empty, ``damage`` and
    ``crit`` are None.
    """

    attacker: str
    """Who attacks."""
    mode: str
    """``normal``, ``advantage`` or ``disadvantage``, as R1.5 combines the reasons."""
    strikes: tuple[Strike, ...]
    """Each strike as resolved, in the plan's order; empty unresolved (``--odds``)."""
    targets: tuple[TargetDamage, ...]
    """What each target took, in command-line order; empty unresolved."""
    damage: int | None
    """The damage dealt to all targets; None unresolved."""
    crit: bool | None
    """A primary strike kept a raw 20 of an attacker who can crit (R5.6); None unresolved."""
    plan: tuple[PlannedStrike, ...]
    """Every strike as fixed before any die was drawn."""
    notes: tuple[str, ...]
    """What else the GM should know (pools left out, a target already at 0 Body, ...)."""
    advantage_from: tuple[str, ...] = ()
    """Each reason for advantage (``--advantage``, a condition, R10)."""
    disadvantage_from: tuple[str, ...] = ()
    """Each reason for disadvantage (``--disadvantage``, a condition, R10)."""


GIVEN_ADVANTAGE = "given (--advantage)"
GIVEN_DISADVANTAGE = "given (--disadvantage)"


def resistance_of(target: Combatant, damage_type: str) -> str:
    """R5.5: immune wins; resistant and vulnerable together cancel."""
    kind = damage_type.casefold()
    if kind in target.immune:
        return "immune"
    resist, vulnerable = kind in target.resist, kind in target.vulnerable
    if resist and vulnerable:
        return "cancelled"
    return "resist" if resist else "vulnerable" if vulnerable else "none"


def resisted(damage: int, resistance: str) -> int:
    """R5.5: resistant halves a strike's damage (floor, R1.1), immune zeroes, vulnerable
    doubles."""
    if resistance == "immune":
        return 0
    if resistance == "resist":
        return damage // 2
    if resistance == "vulnerable":
        return damage * 2
    return damage


def strike_damage(hits: int, first_on_target: bool, strike: PlannedStrike) -> tuple[int, int, int]:
    """R5.4 for one strike: ``(modifier, weight, damage after resistance)``.

    No hit deals nothing; the modifier counts only on the first strike that hit the target.
    """
    if hits == 0:
        return 0, 0, 0
    modifier = strike.modifier if first_on_target else 0
    return modifier, strike.weight, resisted(hits + modifier + strike.weight, strike.resistance)


def with_d3(damage: int, mode: Mode, d3: int) -> int:
    """R1.6: advantage adds the d3; disadvantage subtracts it, never below 0."""
    return damage + d3 if mode is Mode.ADVANTAGE else max(0, damage - d3)


# --- planning -------------------------------------------------------------------------


@by_inputs
def plan_attack(
    attacker: Combatant,
    targets: Sequence[Combatant],
    *,
    weapon: str | None = None,
    pools: Iterable[str] | None = None,
    split: tuple[str, Sequence[int]] | None = None,
    mode: Mode = Mode.NORMAL,
    given: Modes | None = None,
    extra_primary_dice: int = 0,
    extra_label: str = "extra",
    advantage_damage: str = "d3",
) -> AttackPlan:
    """Check the inputs and fix every strike (module docstring: how strikes meet targets).

    ``weapon``: the primary pool's weapon by name (``--with``); ``pools``: the pools to use
    (default: every pool with dice, without the off pool when the primary weapon needs both
    hands or there is no other off-hand weapon); ``split``: a pool and its dice per part.
    ``mode`` (or ``given``, with its reasons) is the advantage the GM gives; the attacker's
    and first target's conditions add theirs (R10), and R1.5 combines them: one advantage
    however many reasons, and advantage with disadvantage cancel. The conditions of the
    first target decide, as its strike is the one the extra or missing die changes.
    Kept (``erc.core.kept.by_inputs``): the same combatants and options give the same plan.
    """
    chosen = tuple(targets)
    _check_targets(attacker, chosen)
    pool_names, weapons, notes = _choose_pools(attacker, pools, weapon)
    for pool in pool_names:
        check_weapon(attacker, weapons[pool], pool)
    if given is None:
        given = Modes(
            (GIVEN_ADVANTAGE,) if mode is Mode.ADVANTAGE else (),
            (GIVEN_DISADVANTAGE,) if mode is Mode.DISADVANTAGE else (),
        )
    _check_unlocked(attacker, weapons, pool_names)
    modes = _modes(attacker, chosen[0], pool_names, given, notes)
    mode = Mode.of(bool(modes.advantage_from), bool(modes.disadvantage_from))
    if not 0 <= extra_primary_dice <= MAX_EXTRA_DICE or (
        extra_primary_dice and "primary" not in pool_names
    ):
        raise ErcError("bad-option", f"cannot add {extra_primary_dice} dice to the primary pool")
    parts = _parts(attacker, pool_names, split)
    if len(chosen) > len(parts):
        raise ErcError(
            "too-many-targets",
            f"{len(chosen)} targets but only {len(parts)} strike(s) "
            f"({', '.join(_strike_name(p, k) for p, k, _ in parts)}); each target needs "
            "a strike (use --pool or --split to make more strikes)",
        )
    strikes = _planned_strikes(
        attacker, chosen, parts, weapons, mode=mode, extra=(extra_label, extra_primary_dice)
    )
    primary = weapons.get("primary")
    crit_capable = (
        primary is not None
        and primary.kind == "melee"
        and attacker.pool("primary") >= CRIT_SKILL_DICE
        and bool(attacker.styles & CRIT_STYLES)
    )
    notes += [f"{t.name} is already at 0 Body" for t in chosen if t.body <= 0]
    if mode is Mode.NORMAL and modes.advantage_from and modes.disadvantage_from:
        notes.append("advantage and disadvantage cancel (R1.5)")
    return AttackPlan(
        attacker=attacker,
        targets=chosen,
        strikes=tuple(strikes),
        mode=mode,
        crit_capable=crit_capable,
        d3=mode is not Mode.NORMAL and advantage_damage == "d3",
        notes=tuple(notes),
        modes=modes,
    )


def _check_unlocked(
    attacker: Combatant, weapons: Mapping[str, Weapon], pool_names: Sequence[str]
) -> None:
    """R8.2: no pool strikes with a weapon held in a lock."""
    locked = sorted(
        w.name for p, w in weapons.items() if p in pool_names and w.name in attacker.locked_weapons
    )
    if locked:
        raise ErcError(
            "weapon-locked",
            f"{attacker.name}'s {locked[0]} is held in a weapon lock (R8.2: a locked weapon is "
            "held useless); free it first (see erc free) or attack with another weapon",
        )


def _modes(
    attacker: Combatant,
    target: Combatant,
    pool_names: Sequence[str],
    given: Modes,
    notes: list[str],
) -> Modes:
    """The GM's advantage or disadvantage and the conditions' (R10), which the primary pool
    takes (R1.5); without that pool, a note says the conditions' are lost."""
    given_mode = Mode.of(bool(given.advantage_from), bool(given.disadvantage_from))
    if given_mode is not Mode.NORMAL and "primary" not in pool_names:
        raise ErcError(
            "bad-option",
            f"{given_mode.value} adds or removes a primary-pool die (R1.5), but this attack "
            "does not use the primary pool",
        )
    modes = given
    from_conditions = attack_modes(
        attacker, target, hand_pools=any(p in HAND_POOLS for p in pool_names)
    )
    if "primary" in pool_names:
        modes = modes.plus(from_conditions.advantage_from, from_conditions.disadvantage_from)
    elif from_conditions.advantage_from or from_conditions.disadvantage_from:
        notes.append(
            "no primary pool, so no advantage or disadvantage (R1.5): "
            + "; ".join(from_conditions.advantage_from + from_conditions.disadvantage_from)
        )
    return modes


def _planned_strikes(
    attacker: Combatant,
    chosen: tuple[Combatant, ...],
    parts: Sequence[tuple[str, int, int]],
    weapons: Mapping[str, Weapon],
    *,
    mode: Mode,
    extra: tuple[str, int],
) -> list[PlannedStrike]:
    """One strike per pool or part, each against its target in order (the last target takes
    the rest); the first primary strike alone carries the mode and the ``extra`` dice (its
    label, their number)."""
    extra_label, extra_primary_dice = extra
    strikes: list[PlannedStrike] = []
    seen: set[tuple[str, str]] = set()
    for index, (pool, part, skill) in enumerate(parts):
        target = chosen[min(index, len(chosen) - 1)]
        if part and (pool, target.name) in seen:
            raise ErcError(
                "bad-split",
                f"the {pool} pool is split into {sum(p == pool for p, _, _ in parts)} parts, "
                f"and each part strikes its own target: name more targets (parts take "
                f"the targets in order; {target.name} would get two)",
            )
        seen.add((pool, target.name))
        first_primary = pool == "primary" and part <= 1
        sources = _sources(
            skill,
            mode if first_primary else Mode.NORMAL,
            extra_label,
            extra_primary_dice if first_primary else 0,
        )
        strikes.append(_strike(attacker, target, weapons[pool], pool, part, sources))
    return strikes


def _check_targets(attacker: Combatant, targets: tuple[Combatant, ...]) -> None:
    if not targets:
        raise ErcError("bad-target", "an attack needs at least one target")
    names: set[str] = set()
    for target in targets:
        check_target(attacker, target)
        if target.name == attacker.name:
            raise ErcError("bad-target", f"{attacker.name} cannot attack itself")
        if target.name in names:
            raise ErcError("bad-target", f"{target.name} is named twice as a target")
        names.add(target.name)


def _no_weapon(attacker: Combatant) -> str:
    """Why the primary pool has no weapon, and the way on: a disarmed weapon lies on the
    ground until picked up (R8.3, R12.4); a locked one is freed (R8.2)."""
    said = f"{attacker.name} has no weapon for its primary pool"
    for weapon in sorted(attacker.disarmed_weapons):
        return f"{said}: {on_the_ground(attacker, weapon)}"
    name = repr(attacker.name) if " " in attacker.name else attacker.name
    for weapon in sorted(attacker.locked_weapons):
        return f"{said}: its {weapon} is held in a weapon lock (R8.2); `erc free {name}` frees it"
    return said


def on_the_ground(attacker: Combatant, weapon: str) -> str:
    """Where a disarmed weapon is and the way back (R8.3, R12.4)."""
    name = repr(attacker.name) if " " in attacker.name else attacker.name
    what = repr(weapon) if " " in weapon else weapon
    return (
        f"its {weapon} lies on the ground where the disarm flung it (R8.3); "
        f"`erc pick-up {name} {what} --apply` recovers it (10 ft of movement and an "
        "unspent action, R12.4)"
    )


def refuse_flung(who: Combatant, name: str, doing: str) -> None:
    """A weapon named that a disarm flung away (R8.3): refused (``no-weapon``), saying where
    it lies and how ``erc pick-up`` recovers it (R12.4); any other name passes."""
    for weapon in who.disarmed_weapons:
        if folded(weapon) == folded(name):
            where = on_the_ground(who, weapon)
            raise ErcError("no-weapon", f"{who.name} {doing} {weapon}: {where}")


def _find_weapon(attacker: Combatant, name: str) -> Weapon:
    found = attacker.weapon(name)
    if found is None:
        refuse_flung(attacker, name, "cannot strike with")
        have = [w.name for w in attacker.weapons]
        hint = did_you_mean(name.casefold(), [h.casefold() for h in have])
        listed = ", ".join(have) if have else "no weapons"
        raise ErcError(
            "unknown-weapon",
            f"{attacker.name} has no weapon called {name!r}{hint}; it has: {listed}",
        )
    return found


def _choose_pools(
    attacker: Combatant, pools: Iterable[str] | None, weapon: str | None
) -> tuple[tuple[str, ...], dict[str, Weapon], list[str]]:
    """R5.1: the pools used and each one's weapon, with notes for pools left out."""
    explicit = pools is not None
    wanted = set(pools) if pools is not None else {p for p in POOLS if attacker.pool(p) > 0}
    unknown = sorted(wanted - set(POOLS))
    if unknown:
        raise ErcError("bad-option", f"no pool called {unknown[0]!r}; pools: {', '.join(POOLS)}")
    notes: list[str] = []
    weapons: dict[str, Weapon] = {}
    if weapon is not None and "primary" not in wanted:
        raise ErcError("bad-option", "--with chooses the primary pool's weapon, which is not used")
    for pool in POOLS:
        if pool not in wanted:
            continue
        if attacker.pool(pool) <= 0:
            raise ErcError(
                "empty-pool", f"{attacker.name} has no dice in its {pool} pool (file: pools)"
            )
        if pool == "primary":
            chosen = _find_weapon(attacker, weapon) if weapon else attacker.primary_weapon()
            if chosen is None:
                raise ErcError("no-weapon", _no_weapon(attacker))
            weapons[pool] = chosen
        elif pool == "off":
            off = _off_weapon(attacker, weapons.get("primary"))
            if isinstance(off, Weapon):
                weapons[pool] = off
            elif explicit:
                raise off
            else:
                notes.append(f"off pool not used: {off.message}")
        else:
            weapons[pool] = next((w for w in attacker.weapons if w.kind == "savage"), None) or (
                SAVAGE_BODY_WEAPON
            )
    if not weapons:
        why = "; ".join(notes) or "no pool has dice (file: pools)"
        raise ErcError("empty-pool", f"{attacker.name} has nothing to strike with: {why}")
    return tuple(p for p in POOLS if p in weapons), weapons, notes


def _off_weapon(attacker: Combatant, primary: Weapon | None) -> Weapon | ErcError:
    """The off pool's weapon (``hand: off``, not the primary one), or why there is none.

    seed 000, the bow: "this weapon requires two hands to operate; thus ... this is not
    even an option"; any weapon with ``hand: both`` takes both hands.
    """
    if primary is not None and primary.hand == "both":
        return ErcError(
            "two-handed",
            f"{primary.name} needs both hands (hand: both), so there is no off-hand strike",
        )
    for weapon in attacker.weapons:
        if weapon.hand == "off" and weapon is not primary:
            return weapon
    return ErcError("no-weapon", f"{attacker.name} has no other weapon with hand: off")


def _parts(
    attacker: Combatant, pools: tuple[str, ...], split: tuple[str, Sequence[int]] | None
) -> list[tuple[str, int, int]]:
    """``(pool, part, skill dice)`` per strike; part 0 for a whole pool."""
    if split is not None:
        pool, sizes = split
        if pool not in pools:
            raise ErcError(
                "bad-split", f"--split names the {pool} pool, which this attack does not use"
            )
        if not sizes or any(n < 1 for n in sizes):
            raise ErcError("bad-split", "--split gives each part at least one die")
        if sum(sizes) != attacker.pool(pool):
            raise ErcError(
                "bad-split",
                f"--split {','.join(map(str, sizes))} splits {sum(sizes)} dice, but "
                f"{attacker.name}'s {pool} pool has {attacker.pool(pool)}",
            )
    parts: list[tuple[str, int, int]] = []
    for pool in pools:
        if split is not None and split[0] == pool and len(split[1]) > 1:
            parts += [(pool, k, n) for k, n in enumerate(split[1], 1)]
        else:
            parts.append((pool, 0, attacker.pool(pool)))
    return parts


def _strike_name(pool: str, part: int) -> str:
    return f"{pool} part {part}" if part else pool


def _sources(skill: int, mode: Mode, extra_label: str, extra: int) -> tuple[str, ...]:
    """R1.5 (one more die at advantage, one fewer at disadvantage, 2d20 keep lower at
    zero) and R1.4 (extra dice may pass 5)."""
    sources = ["pool"] * skill
    if mode is Mode.ADVANTAGE:
        sources.append("advantage")
    sources += [extra_label] * extra
    if mode is Mode.DISADVANTAGE:
        if len(sources) == 1:
            return ("disadvantage", "disadvantage")
        sources.remove("pool")
    return tuple(sources)


def _strike(
    attacker: Combatant,
    target: Combatant,
    weapon: Weapon,
    pool: str,
    part: int,
    sources: tuple[str, ...],
) -> PlannedStrike:
    """R5.2/R5.3: the attribute score and size modifiers on every die; R10 bound: -5 on the
    dice of a hand pool."""
    attribute = ATTRIBUTE[weapon.kind]
    bonus = attacker.score(attribute) + size_modifier(attacker.size) + die_penalty(attacker, pool)
    if weapon.ranged:
        bonus += size_modifier(target.size)
    keep_lower = sources == ("disadvantage", "disadvantage")
    return PlannedStrike(
        pool=pool,
        part=part,
        target=target.name,
        weapon=weapon.name,
        kind=weapon.kind,
        damage_type=weapon.damage_type,
        ac=target.ac,
        bonus=bonus,
        needs=next(face for face in range(1, 21) if succeeds(face, bonus, target.ac)),
        modifier=attacker.mod(attribute),
        weight=weapon.weight_damage,
        resistance=resistance_of(target, weapon.damage_type),
        n_dice=1 if keep_lower else len(sources),
        keep_lower=keep_lower,
        sources=sources,
    )


# --- resolution -----------------------------------------------------------------------


def unresolved(plan: AttackPlan) -> Attack:
    """The result with no dice drawn (``--odds`` alone)."""
    return Attack(
        attacker=plan.attacker.name,
        mode=plan.mode.value,
        strikes=(),
        targets=(),
        damage=None,
        crit=None,
        plan=plan.strikes,
        notes=plan.notes,
        advantage_from=plan.modes.advantage_from,
        disadvantage_from=plan.modes.disadvantage_from,
    )


def resolve(dice: Dice, plan: AttackPlan) -> Attack:
    """Draw the dice (CONTRACT "The order of dice": strike by strike, each strike's d20s in
    order; then the crit award die; then the R1.6 d3 per target hit, in target order)."""
    return resolver(plan)(dice)


@by_identity
def resolver(plan: AttackPlan) -> Callable[[Dice], Attack]:
    """``resolve`` for one plan, with what does not depend on the dice worked out once (a
    batch resolves one plan line after line, a simulation a kept plan fight after fight):
    each strike's die purposes, each kept die's ``AttackDie`` by its face (a frozen value,
    made once per face and position), and the strikes aimed at each target."""
    name, mode = plan.attacker.name, plan.mode.value
    drawn = tuple(_drawing(name, s) for s in plan.strikes)
    primary = tuple(i for i, s in enumerate(plan.strikes) if s.pool == "primary")
    advantage_from, disadvantage_from = plan.modes.advantage_from, plan.modes.disadvantage_from
    holders = tuple((i, t) for i, t in enumerate(plan.targets) if t.holding_drops_on)
    aimed = tuple(
        (target, tuple(i for i, s in enumerate(plan.strikes) if s.target == target.name))
        for target in plan.targets
    )
    d3 = tuple(f"{name} {mode} d3 vs {t.name}" for t in plan.targets) if plan.d3 else None

    def resolve_plan(dice: Dice) -> Attack:
        rolled = [_roll_strike(dice, s, how) for s, how in zip(plan.strikes, drawn, strict=True)]
        crit = False
        if plan.crit_capable:
            first = _first_natural_20(primary, rolled)
            if first is not None:  # R5.6: one award die, after the strike dice; it never crits
                crit = True
                raw = dice.roll(20, f"{name} crit award")
                rolled[first].append(_die(raw, plan.strikes[first], True, "crit"))
        strikes: list[Any] = [None] * len(rolled)
        targets = []
        damage = 0
        for at, (target, mine) in enumerate(aimed):  # R1.6: the d3s in target order
            dealt = _target(
                dice,
                plan,
                target,
                [(i, plan.strikes[i], rolled[i]) for i in mine],
                strikes,
                d3=d3[at] if d3 is not None else None,
            )
            damage += dealt.damage
            targets.append(dealt)
        notes = plan.notes
        for at, holder in holders:  # R6.6: damage to a drop's holder calls for its check
            notes += holder.drop_notes(targets[at].damage)
        return Attack(
            attacker=name,
            mode=mode,
            strikes=tuple(strikes),
            targets=tuple(targets),
            damage=damage,
            crit=crit,
            plan=plan.strikes,
            notes=notes,
            advantage_from=advantage_from,
            disadvantage_from=disadvantage_from,
        )

    return resolve_plan


def _first_natural_20(primary: tuple[int, ...], rolled: list[list[AttackDie]]) -> int | None:
    """The first primary strike that kept a raw 20 (R5.6), by index."""
    for i in primary:
        for die in rolled[i]:
            if die.kept and die.raw == 20:
                return i
    return None


def _die(raw: int, strike: PlannedStrike, kept: bool, source: str) -> AttackDie:
    return AttackDie(
        raw=raw,
        total=raw + strike.bonus,
        hit=kept and strike.hits_on(raw),
        kept=kept,
        source=source,
    )


def _drawing(
    attacker: str, strike: PlannedStrike
) -> tuple[tuple[str, ...], list[list[AttackDie | None]]]:
    """A strike's die purposes (for ``Dice.roll``) and, for each die of the pool, its
    ``AttackDie`` by face (kept; filled in as faces come up)."""
    label = f"{attacker} {strike.pool}" + (f" part {strike.part}" if strike.part else "")
    if strike.keep_lower:
        purposes: tuple[str, ...] = (f"{label} 1",)
    else:
        purposes = tuple(
            f"{label} {i}" + ("" if source == "pool" else f" ({source})")
            for i, source in enumerate(strike.sources, 1)
        )
    return purposes, [[None] * 21 for _ in purposes]


def _roll_strike(
    dice: Dice, strike: PlannedStrike, drawing: tuple[tuple[str, ...], list[list[AttackDie | None]]]
) -> list[AttackDie]:
    purposes, made = drawing
    if strike.keep_lower:  # R1.5: a pool driven to 0 dice rolls 2d20 and keeps the lower
        kept = dice.roll_kept(20, purposes[0], Mode.DISADVANTAGE)
        low = kept.dice.index(kept.kept)
        return [_die(raw, strike, i == low, "disadvantage") for i, raw in enumerate(kept.dice)]
    out = []
    for source, purpose, by_face in zip(strike.sources, purposes, made, strict=True):
        raw = dice.roll(20, purpose)
        die = by_face[raw]
        if die is None:
            die = by_face[raw] = _die(raw, strike, True, source)
        out.append(die)
    return out


def _target(
    dice: Dice,
    plan: AttackPlan,
    target: Combatant,
    mine: list[tuple[int, PlannedStrike, list[AttackDie]]],
    strikes: list[Any],
    *,
    d3: str | None,
) -> TargetDamage:
    """What one target took: each strike aimed at it (``mine``: its index, plan and dice, in
    strike order) into ``strikes`` (R5.4, R5.5, R5.7: each strike separately, the modifier
    on the target's first hit); then the d3 (its purpose) if hit (R1.6); Body down to 0
    (R5.8)."""
    total = hits = 0
    types: list[str] = []  # the damage types that hit, in strike order
    for at, strike, rolled in mine:
        count = 0
        for die in rolled:
            if die.hit:
                count += 1
        modifier, weight, damage = strike_damage(count, not hits, strike)
        strikes[at] = Strike(
            pool=strike.pool,
            part=strike.part,
            target=strike.target,
            weapon=strike.weapon,
            damage_type=strike.damage_type,
            dice=tuple(rolled),
            hits=count,
            modifier=modifier,
            weight=weight,
            resistance=strike.resistance,
            damage=damage,
        )
        total += damage
        if count:
            hits += count
            if strike.damage_type not in types:
                types.append(strike.damage_type)
    d3_face: int | None = None
    damage = total
    if hits and d3 is not None:
        face = dice.d3(d3)
        damage = with_d3(total, plan.mode, face)
        d3_face = face if plan.mode is Mode.ADVANTAGE else -face
    after = target.body - damage
    if after < 0:
        after = 0
    return TargetDamage(
        name=target.name,
        damage=damage,
        damage_type=types[0] if types else mine[0][1].damage_type,
        damage_types=tuple(types),
        hits=hits,
        strike_damage=total,
        d3=d3_face,
        body_before=target.body,
        body_after=after,
        down=after == 0,
    )
