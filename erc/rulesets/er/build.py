"""Validated file -> the rules' model: ``count`` groups, names, derived values.

``cross_checks`` holds the rules no single key can state (a weapon's weight unless it is
ranged, R10.2's ``by``, and the shared name and count rules; ``body_current`` within
``body`` follows from its declaration: ``erc.core.encounter.validate.current_checks``). It
reads the raw data defensively, so ``erc check`` reports these together with any schema
problems.
"""

from __future__ import annotations

from typing import Any

from erc.core.encounter.common import (
    Report,
    entries,
    expand,
    listed,
    name_checks,
    repeated_names,
    reporter,
    whole,
)
from erc.core.encounter.yamlread import Document, Path
from erc.core.errors import Problem
from erc.rulesets.er import from_file
from erc.rulesets.er.format import EncounterSpec
from erc.rulesets.er.model import NEEDS_BY, Encounter


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
        _condition_checks(doc, at, entry, report)
    name_checks(doc, report)
    return problems


def _names(doc: Document) -> set[str]:
    """Every combatant name in the file, ``count`` groups expanded, folded."""
    out: set[str] = set()
    for _, entry in entries(doc):
        name, count = entry.get("name"), whole(entry.get("count"), 1)
        if isinstance(name, str) and 1 <= count <= 100:
            out |= {n.casefold() for n in expand(name, count)}
    return out


def _condition_checks(doc: Document, at: Path, entry: dict[str, Any], report: Report) -> None:
    """R10.2: charmed and grappled name who did it (``by``), another combatant of the file."""
    for k, given in enumerate(listed(entry.get("conditions"))):
        name = (
            given
            if isinstance(given, str)
            else given.get("condition")
            if isinstance(given, dict)
            else None
        )
        by = given.get("by") if isinstance(given, dict) else None
        place: Path = (*at, "conditions", k)
        if name in NEEDS_BY and by is None:
            report(place, f"{name} names who did it: {{condition: {name}, by: NAME}} (R10.2)")
        elif by is not None and name not in NEEDS_BY:
            report((*place, "by"), f"by is for charmed and grappled, not {name} (R10.2)")
        elif isinstance(by, str) and by.casefold() not in _names(doc):
            report((*place, "by"), f"by {by!r} names no combatant of this file")
        elif isinstance(by, str) and by.casefold() == str(entry.get("name", "")).casefold():
            report((*place, "by"), f"a combatant cannot have {name} by itself")


def build(spec: EncounterSpec, path: str | None) -> Encounter:
    """The rules' model of a file that passed validation and ``cross_checks``: a combatant
    per name its ``count`` makes (``from_file``, written from the format)."""
    combatants = tuple(
        from_file.combatant(entry, name)
        for entry in spec.combatants
        for name in expand(entry.name, entry.count)
    )
    return from_file.encounter(spec, combatants, path=path)


SPEC = EncounterSpec


def warnings(encounter: Encounter, doc: Document) -> list[Problem]:
    """What is valid but would fail in play (``erc check`` lists these; ``--strict`` makes
    them errors): a species outside R9.1 with no ``speed`` (``movement`` fails), two weapons
    with one name (``--with`` cannot tell them apart), an off pool with no off-hand weapon
    (R5.1: it never strikes), a primary pool with no weapon."""
    from erc.rulesets.er.rules.movement import SPECIES_RATES

    problems: list[Problem] = []
    report = reporter(doc, problems)
    for at, entry in entries(doc):
        species = entry.get("species")
        if entry.get("speed") is None:
            known = isinstance(species, str) and species.strip().casefold() in SPECIES_RATES
            if not known:
                what = f"species {species!r} is not in R9.1" if species else "no species"
                report(
                    (*at, "species") if species else at,
                    f"{what} and no speed: erc movement would fail (give speed: FT)",
                )
        weapons = [w for w in listed(entry.get("weapons")) if isinstance(w, dict)]
        given = entry.get("pools")
        pools: dict[str, Any] = given if isinstance(given, dict) else {}
        if whole(pools.get("off"), 0) > 0 and not any(w.get("hand") == "off" for w in weapons):
            report(
                (*at, "pools", "off"),
                "an off pool with no weapon in hand: off; it never strikes (R5.1)",
            )
        held = [w for w in weapons if w.get("kind") != "savage"]
        if whole(pools.get("primary"), 0) > 0 and not held:
            report(
                (*at, "pools", "primary"),
                "a primary pool with no weapon: attacks with it fail (R5.1)",
            )
    for place, name in repeated_names(doc, "weapons"):
        report(place, f"two weapons are called {name!r}: --with cannot tell them apart")
    return problems
