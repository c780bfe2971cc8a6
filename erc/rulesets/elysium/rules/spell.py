"""Casting spells (EL12): the Spell Attack against the target's Spell Defense, the
difference as damage, the level's MP spent."""

from __future__ import annotations

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.elysium.conditions import actor, two
from erc.rulesets.elysium.model import Combatant, Settings, Spell, die_sides
from erc.rulesets.elysium.rules.ap import ApSpend, pay
from erc.rulesets.elysium.rules.attack import TargetHp, escape_bonus
from erc.rulesets.elysium.rules.defense import Defense, spell_defense
from erc.rulesets.elysium.rules.rolls import Side, roll_opposed, side, unrolled


class CastPlan(Value):
    caster: Combatant
    target: Combatant
    spell: Spell
    level: int
    mp_cost: int
    initiator: Side
    defense: Defense
    ap: ApSpend
    sides: int
    notes: tuple[str, ...]


class Cast(Value):
    """``erc cast``: the opposed roll, the damage, ``mp_before``/``mp_after``."""

    initiator: Roller
    opponent: Roller
    margin: int | None
    winner: str | None
    ap: ApSpend
    caster: str
    target: str
    spell: str
    school: str
    level: int
    mp_cost: int
    mp_before: int
    mp_after: int
    defense_kind: str
    damage: int | None
    targets: tuple[TargetHp, ...]
    escape_bonus: int
    resolved: bool
    notes: tuple[str, ...]


def choose_spell(caster: Combatant, name: str) -> Spell:
    spell = caster.spell(name)
    if spell is None:
        known = ", ".join(s.name for s in caster.spells) or "none"
        raise ErcError(
            "unknown-spell", f"{caster.name} has no spell called {name!r}; it has: {known}"
        )
    return spell


def plan_cast(
    caster: Combatant,
    target: Combatant,
    rules: Settings,
    *,
    spell: str,
    level: int,
) -> CastPlan:
    """Check a casting: the spell and its level (from 1, as the file lists them), AP before
    MP (EL-P12), a pinned caster's gestures (EL10.2)."""
    actor(caster, offensive=True, what="a damaging spell")
    two(caster, target, "a spell attack")
    chosen = choose_spell(caster, spell)
    count = len(chosen.levels)
    if not 1 <= level <= count:
        raise ErcError(
            "no-such-level",
            f"{chosen.name} is listed with level{'s 1-' if count > 1 else ' '}{count}"
            f" in the file, not level {level} (EL12)",
        )
    if caster.pinned_by is not None and not caster.has_trump("focus_casting"):
        raise ErcError(
            "cannot-cast",
            f"{caster.name} is pinned by {caster.pinned_by} and needs its arms to cast: only "
            "a caster who needs no gestures (focus_casting) casts normally in a grab (EL10)",
        )
    chosen_level = chosen.levels[level - 1]
    spend = pay(caster, chosen.ap, f"casting {chosen.name}")
    if chosen_level.mp > caster.mp:
        raise ErcError(
            "not-enough-mp",
            f"{caster.name} has {caster.mp} MP; {chosen.name} at level {level} costs "
            f"{chosen_level.mp} MP (EL12)",
        )
    parts = {
        chosen.school: caster.school(chosen.school),
        chosen.ability: caster.ability(chosen.ability),
        "level_bonus": chosen_level.bonus,
    }
    guard = spell_defense(target, chosen.school, rules)
    return CastPlan(
        caster=caster,
        target=target,
        spell=chosen,
        level=level,
        mp_cost=chosen_level.mp,
        initiator=side(caster, parts, f"{caster.name} spell attack"),
        defense=guard,
        ap=spend,
        sides=die_sides(rules),
        notes=guard.notes,
    )


def _result(plan: CastPlan, contest: Opposed | None) -> Cast:
    c, t = plan.caster, plan.target
    damage = None if contest is None else max(0, contest.margin)
    targets: tuple[TargetHp, ...] = ()
    escape = 0
    if damage is not None:
        after = max(0, t.hp - damage)
        targets = (
            TargetHp(name=t.name, damage=damage, hp_before=t.hp, hp_after=after, down=after <= 0),
        )
        escape = escape_bonus(c, targets[0])
    return Cast(
        initiator=contest.initiator if contest else unrolled(plan.initiator),
        opponent=contest.opponent if contest else unrolled(plan.defense.side),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        caster=c.name,
        target=t.name,
        spell=plan.spell.name,
        school=plan.spell.school,
        level=plan.level,
        mp_cost=plan.mp_cost,
        mp_before=c.mp,
        mp_after=c.mp - plan.mp_cost,
        defense_kind=plan.defense.kind,
        damage=damage,
        targets=targets,
        escape_bonus=escape,
        resolved=contest is not None,
        notes=plan.notes,
    )


def resolve(dice: Dice, plan: CastPlan) -> Cast:
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.defense.side))


def unresolved(plan: CastPlan) -> Cast:
    return _result(plan, None)
