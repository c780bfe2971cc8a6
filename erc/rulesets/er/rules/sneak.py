"""Sneak attack (RULES.md R6.1-R6.5, seed 001 "Sneak Attack"): the attack of R5 with the
advantage die and the sneak die, the victim's second Perception check on a melee approach,
and the shock of a heavy blow. ``--drop`` (R6.6) rolls it and holds the damage; the drop
itself is inflicted by ``erc.rulesets.er.rules.drop``.

Built on ``erc.rulesets.er.rules.attack`` (nothing of R5 is repeated here): a sneak attack is one
primary strike at advantage with the sneak die as an extra die (``plan_attack(...,
pools=("primary",), mode=Mode.ADVANTAGE, extra_primary_dice=1, extra_label="sneak")``),
so the advantage die and the sneak die may take the pool past 5 dice (R1.4) and the R1.6 d3
applies ("a sneak attack is an attack at advantage").

Choices where the chapter is silent (documented in the README):

- Already at advantage (R6.2): ``--advantage`` (any other reason the GM knows of), or a
  victim whose condition makes every attack on it one at advantage: ``stunned`` (seed 001:
  "if the victim is stunned or otherwise already to be attacked at advantage"), ``blind``
  and ``bound`` (the ER rulebook's restrictions: "Attacks against blinded/bound creature are
  with advantage"). Then only the sneak die is added; the pool is the same size either way
  (advantage is never gained twice, R1.5). A surprised victim is not attacked at advantage
  (seed 000), and a sleeper is the chapter's own sneak victim: both get both dice.
- At disadvantage (R6.4) for any reason: ``--disadvantage``, or an attacker who is
  ``blind`` or ``bound`` (the rulebook: their attacks are at disadvantage). Refused.
- The second Perception check (R6.3) is ``erc perceive``'s check against the stealth DC,
  with the victim's conditions as in R4.2 (``erc.rulesets.er.rules.surprise.check``): asleep
  raises the DC by 3, blind or deaf by 3 (once); an unconscious or petrified victim rolls
  nothing and fails, so the sneak die stays. The approach counts as a noise a sleeper may hear.
- The shock (R6.5) counts the attack's damage to the victim (after resistance and the d3):
  2 x damage >= maximum Body, unless it leaves the victim at 0 Body (down: no save).

Dice (CONTRACT "The order of dice", sneak): the victim's second Perception d20 (melee, with
a stealth DC, when it can perceive), then the attack as ``erc attack`` draws it, then the
shock save d20, then the incapacitation d3.
"""

from __future__ import annotations

from erc.core.dice import Dice, Die
from erc.core.errors import ErcError
from erc.core.value import Value, replace
from erc.rulesets.er.conditions import Modes, attacker_modes, target_modes
from erc.rulesets.er.model import Combatant, Weapon
from erc.rulesets.er.rules import attack as attacks
from erc.rulesets.er.rules.checks import feat
from erc.rulesets.er.rules.surprise import Awareness, check as perception_check

SNEAK_PROPERTIES = ("light", "reach")
"""R6.4: "have the light or reach property" (``properties``; ``weight: light`` counts too)."""
SNEAK_ADVANTAGE = "a sneak attack (R6.2)"
SHOCK_COMP_BASE = 5
"""R6.5: "The Comp of the save is a base of 5 plus a point per inflicted point of damage"."""


class SneakDice(Value):
    """CONTRACT ``sneak``: the dice the sneak attack added and the second check.

    ``advantage_die``: the sneak attack added the advantage die (false when the attacker
    was already at advantage, ``advantage_from`` saying why); ``sneak_die``: the sneak die
    stayed in the pool (null until the second check is rolled); ``perception``: the victim's
    second check, or null; ``n_dice``: how many d20s the strike rolls (``skill_dice`` + 2, or
    + 1 when the sneak die is lost; null until the second check is rolled).
    """

    advantage_die: bool
    sneak_die: bool | None
    perception: Awareness | None
    advantage_from: tuple[str, ...]
    approach: str  # "ranged" or "melee"
    weapon_allows: str  # why the weapon may sneak attack: ranged, light, reach, sneak
    stealth_dc: int | None
    skill_dice: int
    n_dice: int | None


class Shock(Value):
    """CONTRACT ``shock`` (R6.5): ``triggered`` when the damage is at least half the
    victim's maximum Body (2 x damage >= maximum; ``threshold`` is the least damage that
    does it) and the victim stays up; then a Resilience feat (``roll`` + ``modifier`` =
    ``total``) against ``comp``; failing, it is incapacitated for ``incapacitated_actions``
    (a d3; 0 otherwise). ``pending``: the damage is held (the drop), so no shock yet."""

    triggered: bool
    threshold: int
    damage: int
    comp: int | None
    roll: int | None
    dice: tuple[Die, ...]
    modifier: int
    total: int | None
    saved: bool | None
    incapacitated_actions: int
    pending: bool = False


class Held(Value):
    """CONTRACT ``drop`` (R6.6): the damage rolled and held, inflicted later (``erc drop``)."""

    held_damage: int


class Sneak(Value):
    """The result of ``erc sneak``: the attack's fields (``erc.rulesets.er.rules.attack
    .Attack``) plus ``victim``, ``weapon``, ``sneak``, ``shock`` and ``drop``.

    ``targets`` is the victim's line; with ``--drop`` its ``damage`` is the damage rolled
    and held and ``body_after`` equals ``body_before``. Unresolved (``--odds`` alone):
    ``strikes`` and ``targets`` empty, ``damage``, ``crit`` and ``shock`` null.
    """

    attacker: str
    victim: str
    weapon: str
    mode: str
    strikes: tuple[attacks.Strike, ...]
    targets: tuple[attacks.TargetDamage, ...]
    damage: int | None
    crit: bool | None
    sneak: SneakDice
    shock: Shock | None
    drop: Held | None
    plan: tuple[attacks.PlannedStrike, ...]
    notes: tuple[str, ...]
    resolved: bool


class SneakSetup(Value):
    """A sneak attack checked and planned before any die is drawn (``prepare``).

    ``with_sneak``: the attack with both added dice; ``without_sneak``: the attack after the
    victim makes its second check (the advantage die only), or None when there is no
    second check (ranged, or melee without a stealth DC).
    """

    attacker: Combatant
    victim: Combatant
    weapon: Weapon
    weapon_allows: str
    stealth_dc: int | None
    advantage_from: tuple[str, ...]
    drop: bool
    with_sneak: attacks.AttackPlan
    without_sneak: attacks.AttackPlan | None
    notes: tuple[str, ...]

    @property
    def second_check(self) -> bool:
        return self.without_sneak is not None


def weapon_allows(weapon: Weapon) -> str | None:
    """R6.4: why ``weapon`` may make a sneak attack (ranged, light, reach, sneak), or None."""
    if weapon.kind == "savage":
        return None  # a savage weapon strikes from the savage pool; a sneak attack is primary
    if weapon.ranged:
        return "ranged"
    properties = {p.casefold() for p in weapon.properties}
    if weapon.weight == "light" or "light" in properties:
        return "light"
    if "reach" in properties:
        return "reach"
    return "sneak" if weapon.sneak else None


def prepare(
    attacker: Combatant,
    victim: Combatant,
    *,
    weapon: str | None = None,
    stealth_dc: int | None = None,
    advantage: bool = False,
    disadvantage: bool = False,
    drop: bool = False,
    advantage_damage: str = "d3",
) -> SneakSetup:
    """Check a sneak attack against R6.4 and plan both outcomes of the second check.

    ``weapon``: by name (default: the primary weapon); ``advantage``: already at advantage
    for another reason; ``stealth_dc``: the GM's DC for a melee approach (R6.3).
    """
    hindered = attacker_modes(attacker, hand_pools=True).disadvantage_from  # R10
    if disadvantage or hindered:
        why = "--disadvantage" if disadvantage else hindered[0]
        raise ErcError(
            "sneak-disadvantage",
            f'no sneak attack at disadvantage ({why}); R6.4: the attacker "cannot be at '
            'disadvantage either for any reason"',
        )

    def plan(extra: int) -> attacks.AttackPlan:
        return attacks.plan_attack(
            attacker,
            [victim],
            weapon=weapon,
            pools=("primary",),
            given=Modes((SNEAK_ADVANTAGE, *already), ()),
            extra_primary_dice=extra,
            extra_label="sneak",
            advantage_damage=advantage_damage,
        )

    already: tuple[str, ...] = ("--advantage",) if advantage else ()
    already += target_modes(victim).advantage_from  # R10: stunned, blind, bound
    with_sneak = plan(1)  # unknown weapon, empty pool, attacking itself: errors from R5
    chosen = attacker.weapon(weapon) if weapon else attacker.primary_weapon()
    assert chosen is not None  # plan_attack found it
    allows = weapon_allows(chosen)
    if allows is None:
        raise ErcError("sneak-weapon", _weapon_refusal(attacker, chosen))
    if stealth_dc is not None and chosen.ranged:
        raise ErcError(
            "bad-option",
            f"--stealth-dc sets the victim's second Perception check for a melee approach; "
            f"{chosen.name} is ranged, which needs none (R6.3: ranged attacks get the extra "
            "dice automatically)",
        )
    second = stealth_dc is not None
    notes = _notes(chosen, victim, second, drop)
    return SneakSetup(
        attacker=attacker,
        victim=victim,
        weapon=chosen,
        weapon_allows=allows,
        stealth_dc=stealth_dc,
        advantage_from=already,
        drop=drop,
        with_sneak=with_sneak,
        without_sneak=plan(0) if second else None,
        notes=tuple(notes) + with_sneak.notes,
    )


def _weapon_refusal(attacker: Combatant, weapon: Weapon) -> str:
    others = [w.name for w in attacker.weapons if weapon_allows(w) and w is not weapon]
    hint = (
        f"; {attacker.name} could use: {', '.join(others)} (--with NAME)"
        if others
        else f"; {attacker.name} carries none"
    )
    if weapon.kind == "savage":
        return (
            f"{attacker.name}'s {weapon.name} is a savage (body) weapon: it strikes from the "
            "savage pool, and a sneak attack is one strike of the primary pool (R6.4), even "
            f"when marked sneak: true{hint}"
        )
    return (
        f"{attacker.name}'s {weapon.name} ({weapon.weight or 'no'} weight) cannot make a sneak "
        "attack: R6.4 needs a ranged weapon, a light one, one with the reach property, or one "
        f"marked sneak: true{hint}"
    )


def _notes(weapon: Weapon, victim: Combatant, second: bool, drop: bool) -> list[str]:
    notes = []
    if not weapon.ranged:
        notes.append(
            "a melee approach is made at half movement (R6.3; erc movement --sneak-approach)"
        )
        if not second:
            notes.append("no --stealth-dc: the victim gets no second Perception check (R6.3)")
    if victim.has("surprised"):
        notes.append(
            f"{victim.name} is surprised, which is not being attacked at advantage (R4.3): "
            "both dice are added; R6.1: it needs a fresh failed check against this attacker "
            "(erc perceive)"
        )
    if drop:
        notes.append(
            "the drop (R6.6): the damage is held, Body is unchanged, and the shock comes when "
            "it is inflicted (erc drop)"
        )
    return notes


# --- resolution -----------------------------------------------------------------------


def second_check(dice: Dice, setup: SneakSetup) -> Awareness | None:
    """R6.3: the victim's second Perception check against the stealth DC, or None."""
    if setup.stealth_dc is None:
        return None
    victim = setup.victim
    return perception_check(
        dice, victim, setup.stealth_dc, purpose=f"{victim.name} second perception"
    )


def shock_threshold(body_max: int) -> int:
    """R6.5: the least damage that is "at least (equal or greater than) 50%" of the maximum
    Body: 2 x damage >= maximum (Body 9: 5; Body 7: 4), a comparison, not a floored half."""
    return (body_max + 1) // 2


def shocks(victim: Combatant, damage: int) -> bool:
    """R6.5: damage > 0 with 2 x damage >= maximum Body, and the victim not left at 0 Body
    (down: it makes no shock save)."""
    return damage > 0 and 2 * damage >= victim.body_max and victim.body - damage > 0


def shock(dice: Dice, victim: Combatant, damage: int) -> Shock:
    """R6.5: a heavy blow (``shocks``) -> a Resilience feat (R2.1) against Comp 5 + damage;
    failing, incapacitated for its next d3 actions."""
    if not shocks(victim, damage):
        return _no_shock(victim, damage, pending=False)
    threshold = shock_threshold(victim.body_max)
    comp = SHOCK_COMP_BASE + damage
    save = feat(dice, victim, "resilience", comp, purpose=f"{victim.name} shock resilience feat")
    actions = 0 if save.success else dice.d3(f"{victim.name} incapacitated actions")
    return Shock(
        triggered=True,
        threshold=threshold,
        damage=damage,
        comp=comp,
        roll=save.roll,
        dice=save.dice,
        modifier=save.modifier,
        total=save.total,
        saved=save.success,
        incapacitated_actions=actions,
    )


def pending_shock(victim: Combatant, damage: int) -> Shock:
    """R6.5: "Held damage (the drop) shocks when it is inflicted, not when it is held"."""
    return _no_shock(victim, damage, pending=True)


def _no_shock(victim: Combatant, damage: int, *, pending: bool) -> Shock:
    """No shock save rolled: the blow is too light (R6.5), or held for later (``pending``)."""
    return Shock(
        triggered=False,
        threshold=shock_threshold(victim.body_max),
        damage=damage,
        comp=None,
        roll=None,
        dice=(),
        modifier=victim.mod("resilience"),
        total=None,
        saved=None,
        incapacitated_actions=0,
        pending=pending,
    )


def _sneak_dice(setup: SneakSetup, kept: bool | None, check: Awareness | None) -> SneakDice:
    skill = setup.attacker.pool("primary")
    return SneakDice(
        advantage_die=not setup.advantage_from,
        sneak_die=kept,
        perception=check,
        advantage_from=setup.advantage_from,
        approach="ranged" if setup.weapon.ranged else "melee",
        weapon_allows=setup.weapon_allows,
        stealth_dc=setup.stealth_dc,
        skill_dice=skill,
        n_dice=None if kept is None else skill + 1 + kept,
    )


def resolve(dice: Dice, setup: SneakSetup) -> Sneak:
    """Draw the dice in the CONTRACT's order (module docstring) and resolve."""
    check = second_check(dice, setup)
    noticed = check is not None and check.success
    plan = setup.without_sneak if noticed and setup.without_sneak else setup.with_sneak
    attack = attacks.resolve(dice, plan)
    (target,) = attack.targets
    held: Held | None = None
    notes = setup.notes
    if setup.drop:
        if not target.damage:
            notes += ("the attack dealt no damage, so there is nothing to hold",)
        held = Held(target.damage)
        target = replace(target, body_after=target.body_before, down=target.body_before <= 0)
        struck = pending_shock(setup.victim, target.damage)
    else:
        struck = shock(dice, setup.victim, target.damage)
        notes += setup.victim.drop_notes(target.damage)  # R6.6: the victim holds a drop
    return Sneak(
        attacker=attack.attacker,
        victim=setup.victim.name,
        weapon=setup.weapon.name,
        mode=attack.mode,
        strikes=attack.strikes,
        targets=(target,),
        damage=attack.damage,
        crit=attack.crit,
        sneak=_sneak_dice(setup, not noticed, check),
        shock=struck,
        drop=held,
        plan=attack.plan,
        notes=notes,
        resolved=True,
    )


def unresolved(setup: SneakSetup) -> Sneak:
    """The result with no dice drawn (``--odds`` alone)."""
    attack = attacks.unresolved(setup.with_sneak)
    return Sneak(
        attacker=attack.attacker,
        victim=setup.victim.name,
        weapon=setup.weapon.name,
        mode=attack.mode,
        strikes=(),
        targets=(),
        damage=None,
        crit=None,
        sneak=_sneak_dice(setup, None if setup.second_check else True, None),
        shock=None,
        drop=None,
        plan=attack.plan,
        notes=setup.notes,
        resolved=False,
    )
