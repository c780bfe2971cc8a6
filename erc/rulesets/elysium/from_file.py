"""Generated from ``erc/rulesets/elysium/format.py`` by ``make model``: do not edit.

One function per model class: the model of a validated file's declaration.
``build.py`` passes what the file alone cannot say (keyword ``more``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from erc.core.encounter.convert import as_dict, as_set, conditions, given
from erc.rulesets.elysium.format import (
    CombatantSpec,
    EncounterSpec,
    RulesSpec,
    SpellLevelSpec,
    SpellSpec,
    WeaponSpec,
)
from erc.rulesets.elysium.model import Combatant, Encounter, Settings, Spell, SpellLevel, Weapon

if TYPE_CHECKING:
    from collections.abc import Mapping


def weapon(spec: WeaponSpec, **more: Any) -> Weapon:
    return Weapon(
        name=spec.name,
        skill=spec.skill,
        ap=spec.ap,
        damage_score=spec.damage_score,
        disarm_bonus=spec.disarm_bonus,
        disarm_resist=spec.disarm_resist,
        trip_bonus=spec.trip_bonus,
        parry_bonus=spec.parry_bonus,
        magic=spec.magic,
        polearm=spec.polearm,
        natural=spec.natural,
        **more,
    )


def spell_level(spec: SpellLevelSpec, **more: Any) -> SpellLevel:
    return SpellLevel(
        mp=spec.mp,
        bonus=spec.bonus,
        **more,
    )


def spell(spec: SpellSpec, **more: Any) -> Spell:
    return Spell(
        name=spec.name,
        school=spec.school,
        ability=spec.ability,
        ap=spec.ap,
        levels=tuple(spell_level(v) for v in spec.levels),
        **more,
    )


def combatant(
    spec: CombatantSpec, name: str, skill_abilities: Mapping[str, str], **more: Any
) -> Combatant:
    return Combatant(
        name=name,
        hp_max=spec.hp,
        hp=spec.hp if spec.hp_current is None else spec.hp_current,
        mp_max=spec.mp,
        mp=spec.mp if spec.mp_current is None else spec.mp_current,
        ap=spec.ap,
        side=spec.side,
        abilities=given(spec.abilities),
        skills=as_dict(spec.skills),
        armor_bonus=spec.armor_bonus,
        mdef=spec.mdef,
        trumps=as_set(spec.trumps),
        schools=as_dict(spec.schools),
        weapons=tuple(weapon(v) for v in spec.weapons),
        spells=tuple(spell(v) for v in spec.spells),
        initiative=spec.initiative,
        conditions=conditions(spec.conditions),
        skill_abilities=skill_abilities,
        **more,
    )


def settings(spec: RulesSpec, **more: Any) -> Settings:
    return Settings(
        die=spec.die,
        initiative=spec.initiative,
        move_ft_per_ap=spec.move_ft_per_ap,
        stand_up_ap=spec.stand_up_ap,
        helpless_defense=spec.helpless_defense,
        **more,
    )


def encounter(spec: EncounterSpec, combatants: tuple[Combatant, ...], **more: Any) -> Encounter:
    return Encounter(
        combatants=combatants,
        name=spec.name,
        rules=settings(spec.rules),
        **more,
    )
