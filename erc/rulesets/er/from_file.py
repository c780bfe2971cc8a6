"""Generated from ``erc/rulesets/er/format.py`` by ``make model``: do not edit.

One function per model class: the model of a validated file's declaration.
``build.py`` passes what the file alone cannot say (keyword ``more``)."""

from __future__ import annotations

from typing import Any

from erc.core.encounter.convert import as_set, conditions, folded_set, given
from erc.rulesets.er.format import CombatantSpec, EncounterSpec, RulesSpec, WeaponSpec
from erc.rulesets.er.model import Combatant, Encounter, Settings, Weapon


def weapon(spec: WeaponSpec, **more: Any) -> Weapon:
    return Weapon(
        name=spec.name,
        kind=spec.kind,
        damage_type=spec.damage_type,
        weight=spec.weight,
        hand=spec.hand,
        properties=as_set(spec.properties),
        sneak=spec.sneak,
        **more,
    )


def combatant(spec: CombatantSpec, name: str, **more: Any) -> Combatant:
    return Combatant(
        name=name,
        ac=spec.ac,
        body_max=spec.body,
        body=spec.body if spec.body_current is None else spec.body_current,
        side=spec.side,
        species=spec.species,
        speed=spec.speed,
        size=spec.size,
        scores=given(spec.attributes),
        modifiers=given(spec.modifiers),
        initiative=spec.initiative,
        pools=given(spec.pools),
        styles=as_set(spec.styles),
        weapons=tuple(weapon(v) for v in spec.weapons),
        armor=spec.armor,
        conditions=conditions(spec.conditions),
        resist=folded_set(spec.resist),
        immune=folded_set(spec.immune),
        vulnerable=folded_set(spec.vulnerable),
        **more,
    )


def settings(spec: RulesSpec, **more: Any) -> Settings:
    return Settings(
        advantage_damage=spec.advantage_damage,
        initiative=spec.initiative,
        bound_movement=spec.bound_movement,
        **more,
    )


def encounter(spec: EncounterSpec, combatants: tuple[Combatant, ...], **more: Any) -> Encounter:
    return Encounter(
        combatants=combatants,
        name=spec.name,
        rules=settings(spec.rules),
        **more,
    )
