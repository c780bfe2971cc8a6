"""Validated file model -> the rules' model: ``count`` groups, names, derived values."""

from __future__ import annotations

import msgspec

from erc.encounter.format import MAX_COMBATANTS, CombatantSpec, EncounterSpec, SubAttributes
from erc.encounter.validate import dotted
from erc.encounter.yamlread import Document, Path
from erc.errors import Problem
from erc.rules.model import Combatant, Encounter, HouseRules, Weapon


def build(spec: EncounterSpec, doc: Document, path: str | None) -> tuple[Encounter, list[Problem]]:
    problems: list[Problem] = []

    def problem(at: Path, message: str) -> None:
        mark = doc.mark(at) or (None, None)
        problems.append(Problem(f"{dotted(at)}: {message}", *mark))

    combatants: list[Combatant] = []
    seen: dict[str, Path] = {}
    total = sum(c.count for c in spec.combatants)
    if total > MAX_COMBATANTS:
        problem(
            ("combatants",), f"{total} combatants with counts expanded; at most {MAX_COMBATANTS}"
        )
        return Encounter(()), problems
    for i, entry in enumerate(spec.combatants):
        at: Path = ("combatants", i)
        weapons = []
        for j, w in enumerate(entry.weapons):
            if w.weight is None and w.kind != "ranged":
                problem(
                    (*at, "weapons", j),
                    f"weapon {w.name!r} needs a weight (light, medium "
                    "or heavy); only ranged weapons may leave it out",
                )
            weapons.append(
                Weapon(
                    w.name,
                    w.kind,
                    w.damage_type,
                    w.weight,
                    w.hand,
                    frozenset(w.properties),
                    w.sneak,
                )
            )
        if entry.body_current is not None and entry.body_current > entry.body:
            problem(
                (*at, "body_current"),
                f"body_current {entry.body_current} is more than body {entry.body}",
            )
        names = (
            [entry.name]
            if entry.count == 1
            else [f"{entry.name} {n}" for n in range(1, entry.count + 1)]
        )
        for name in names:
            folded = name.casefold()
            if folded in seen:
                first = doc.mark(seen[folded])
                where = f" (first at line {first[0]})" if first else ""
                problem((*at, "name"), f"the name {name!r} is used twice{where}")
                continue
            seen[folded] = (*at, "name")
            combatants.append(_combatant(entry, name, tuple(weapons)))
    rules = HouseRules(**msgspec.structs.asdict(spec.rules))
    return Encounter(tuple(combatants), spec.name, rules, path), problems


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
