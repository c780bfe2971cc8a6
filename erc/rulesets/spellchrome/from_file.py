"""Generated from ``erc/rulesets/spellchrome/format.py`` by ``make model``: do not edit.

One function per model class: the model of a validated file's declaration.
``build.py`` passes what the file alone cannot say (keyword ``more``)."""

from __future__ import annotations

from typing import Any

from erc.core.encounter.convert import conditions, given, steps, text
from erc.rulesets.spellchrome.format import (
    ArmorSpec,
    CombatantSpec,
    EncounterSpec,
    RulesSpec,
    ShieldSpec,
    WeaponSpec,
)
from erc.rulesets.spellchrome.model import Armor, Combatant, Encounter, Settings, Shield, Weapon


def armor(spec: ArmorSpec, **more: Any) -> Armor:
    return Armor(
        name=spec.name,
        bonus=spec.bonus,
        dr=None if spec.dr is None else text(spec.dr),
        ex_hp=spec.ex_hp,
        empowered=spec.empowered,
        **more,
    )


def shield(spec: ShieldSpec, **more: Any) -> Shield:
    return Shield(
        name=spec.name,
        bonus=spec.bonus,
        **more,
    )


def weapon(spec: WeaponSpec, **more: Any) -> Weapon:
    return Weapon(
        name=spec.name,
        kind=spec.kind,
        damage=text(spec.damage),
        range=spec.range,
        max_range=spec.max_range,
        range_bonus=spec.range_bonus,
        **more,
    )


def combatant(spec: CombatantSpec, name: str, **more: Any) -> Combatant:
    return Combatant(
        name=name,
        hp_max=spec.hp,
        hp=spec.hp if spec.hp_current is None else spec.hp_current,
        side=spec.side,
        scores=given(spec.abilities),
        modifiers=given(spec.modifiers),
        bab_melee=steps(spec.bab.melee),
        bab_ranged=steps(spec.bab.ranged),
        initiative=spec.initiative,
        speed=spec.speed,
        armor=None if spec.armor is None else armor(spec.armor),
        shield=None if spec.shield is None else shield(spec.shield),
        natural_armor=spec.natural_armor,
        ac_bonus=spec.ac_bonus,
        range_bonus=spec.range_bonus,
        conditions=conditions(spec.conditions),
        weapons=tuple(weapon(v) for v in spec.weapons),
        **more,
    )


def settings(spec: RulesSpec, **more: Any) -> Settings:
    return Settings(
        initiative=spec.initiative,
        **more,
    )


def encounter(spec: EncounterSpec, combatants: tuple[Combatant, ...], **more: Any) -> Encounter:
    return Encounter(
        combatants=combatants,
        name=spec.name,
        rules=settings(spec.rules),
        **more,
    )
