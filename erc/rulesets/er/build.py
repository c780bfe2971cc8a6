"""Validated file -> the rules' model: ``count`` groups, names, derived values.

``cross_checks`` holds the rules no single key can state (a weapon's weight unless it is
ranged, ``body_current`` within ``body``, and the shared name and count rules). It reads the
raw data defensively, so ``erc check`` reports these together with any schema problems.
"""

from __future__ import annotations

import msgspec

from erc.core.encounter.common import entries, expand, listed, name_checks, reporter, whole
from erc.core.encounter.yamlread import Document
from erc.core.errors import Problem
from erc.core.model import Condition
from erc.rulesets.er.format import CombatantSpec, ConditionSpec, EncounterSpec, SubAttributes
from erc.rulesets.er.model import Combatant, Encounter, Settings, Weapon


def cross_checks(doc: Document) -> list[Problem]:
    problems: list[Problem] = []
    report = reporter(doc, problems)
    for at, entry in entries(doc):
        for j, weapon in enumerate(listed(entry.get("weapons"))):
            if (
                isinstance(weapon, dict)
                and weapon.get("weight") is None
                and weapon.get("kind") in ("melee", "savage")
            ):
                report(
                    (*at, "weapons", j),
                    f"weapon {weapon.get('name')!r} needs a weight (light, medium or heavy); "
                    "only ranged weapons may leave it out",
                )
        body, current = whole(entry.get("body")), whole(entry.get("body_current"))
        if body is not None and current is not None and current > body:
            report((*at, "body_current"), f"body_current {current} is more than body {body}")
    name_checks(doc, report)
    return problems


def build(spec: EncounterSpec, path: str | None) -> Encounter:
    """The rules' model of a file that passed validation and ``cross_checks``."""
    combatants: list[Combatant] = []
    for entry in spec.combatants:
        weapons = tuple(
            Weapon(
                w.name, w.kind, w.damage_type, w.weight, w.hand, frozenset(w.properties), w.sneak
            )
            for w in entry.weapons
        )
        combatants += [_combatant(entry, name, weapons) for name in expand(entry.name, entry.count)]
    rules = Settings(**msgspec.structs.asdict(spec.rules))
    return Encounter(tuple(combatants), spec.name, rules, path)


def _given(attrs: SubAttributes) -> dict[str, int]:
    return {k: v for k, v in msgspec.structs.asdict(attrs).items() if v is not None}


def _condition(given: str | ConditionSpec) -> Condition:
    if isinstance(given, str):
        return Condition(given)
    return Condition(given.condition, given.by)


def _combatant(entry: CombatantSpec, name: str, weapons: tuple[Weapon, ...]) -> Combatant:
    body = entry.body if entry.body_current is None else entry.body_current
    return Combatant(
        name=name,
        ac=entry.ac,
        body_max=entry.body,
        body=body,
        side=entry.side,
        species=entry.species,
        speed=entry.speed,
        size=entry.size,
        scores=_given(entry.attributes),
        modifiers=_given(entry.modifiers),
        initiative=entry.initiative,
        pools={k: v for k, v in msgspec.structs.asdict(entry.pools).items() if v},
        styles=frozenset(entry.styles),
        weapons=weapons,
        armor=entry.armor,
        conditions=tuple(dict.fromkeys(_condition(c) for c in entry.conditions)),
        resist=frozenset(t.casefold() for t in entry.resist),
        immune=frozenset(t.casefold() for t in entry.immune),
        vulnerable=frozenset(t.casefold() for t in entry.vulnerable),
    )


SPEC = EncounterSpec


def warnings(encounter: Encounter) -> list[Problem]:
    """What would fail in play though the file is valid (``erc check``)."""
    return []
