"""Validated file model -> the rules' model: ``count`` groups, names, derived values.

``cross_checks`` holds the rules no single key can state (a weapon's weight unless it is
ranged, names unique once ``count`` groups expand, ``body_current`` within ``body``, the
combatant limit). It reads the raw data defensively, so ``erc check`` reports these
together with any schema problems, not only once those are fixed.
"""

from __future__ import annotations

from typing import Any

import msgspec

from erc.encounter.format import MAX_COMBATANTS, CombatantSpec, EncounterSpec, SubAttributes
from erc.encounter.validate import dotted
from erc.encounter.yamlread import Document, Path
from erc.errors import Problem
from erc.rules.model import Combatant, Encounter, HouseRules, Weapon


def cross_checks(doc: Document) -> list[Problem]:
    problems: list[Problem] = []

    def problem(at: Path, message: str) -> None:
        mark = doc.mark(at) or (None, None)
        problems.append(Problem(f"{dotted(at)}: {message}", *mark))

    data = doc.data
    entries = data.get("combatants") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        return problems
    total = 0
    seen: dict[str, Path] = {}
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict):
            continue
        at: Path = ("combatants", i)
        count = _whole(entry.get("count"), 1)
        total += max(count, 1)
        for j, weapon in enumerate(_list(entry.get("weapons"))):
            if (
                isinstance(weapon, dict)
                and weapon.get("weight") is None
                and weapon.get("kind") in ("melee", "savage")
            ):
                problem(
                    (*at, "weapons", j),
                    f"weapon {weapon.get('name')!r} needs a weight (light, medium or heavy); "
                    "only ranged weapons may leave it out",
                )
        body, current = _whole(entry.get("body"), None), _whole(entry.get("body_current"), None)
        if body is not None and current is not None and current > body:
            problem((*at, "body_current"), f"body_current {current} is more than body {body}")
        name = entry.get("name")
        if not isinstance(name, str) or count < 1 or count > 100:
            continue
        names = [name] if count == 1 else [f"{name} {n}" for n in range(1, count + 1)]
        for each in names:
            folded = each.casefold()
            if folded in seen:
                first = doc.mark(seen[folded])
                where = f" (first at line {first[0]})" if first else ""
                problem((*at, "name"), f"the name {each!r} is used twice{where}")
                break
            seen[folded] = (*at, "name")
    if total > MAX_COMBATANTS:
        problem(
            ("combatants",), f"{total} combatants with counts expanded; at most {MAX_COMBATANTS}"
        )
    return problems


def _whole(value: Any, default: int | None) -> Any:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


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
        names = (
            [entry.name]
            if entry.count == 1
            else [f"{entry.name} {n}" for n in range(1, entry.count + 1)]
        )
        combatants += [_combatant(entry, name, weapons) for name in names]
    rules = HouseRules(**msgspec.structs.asdict(spec.rules))
    return Encounter(tuple(combatants), spec.name, rules, path)


def _given(attrs: SubAttributes) -> dict[str, int]:
    return {k: v for k, v in msgspec.structs.asdict(attrs).items() if v is not None}


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
        conditions=frozenset(entry.conditions),
        resist=frozenset(t.casefold() for t in entry.resist),
        immune=frozenset(t.casefold() for t in entry.immune),
        vulnerable=frozenset(t.casefold() for t in entry.vulnerable),
    )
