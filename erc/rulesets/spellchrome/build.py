"""Validated Spellchrome file -> the rules' model: ``count`` groups, names, derived values.

``cross_checks`` holds the rules no single key can state: a range band only on ranged and
thrown weapons (SC4.5, SC7), damage and DR as dice expressions, and the shared name and
count rules (current values within their maximums follow from their declarations:
``erc.core.encounter.validate.current_checks``). It reads the raw data defensively, so
``erc check`` reports these together with any schema problems.
"""

from __future__ import annotations

from typing import Any

from erc.core.encounter.common import (
    entries,
    expand,
    listed,
    name_checks,
    repeated_names,
    reporter,
    whole,
)
from erc.core.encounter.yamlread import Document
from erc.core.errors import ErcError, Problem
from erc.core.expr import parse as parse_dice
from erc.rulesets.spellchrome import from_file
from erc.rulesets.spellchrome.format import CombatantSpec, EncounterSpec
from erc.rulesets.spellchrome.model import Encounter

RANGE_KEYS = ("range", "max_range", "range_bonus")


def dice_problem(text: str) -> str | None:
    """Why ``text`` is not a dice expression erc can roll, or None."""
    try:
        parse_dice(text)
    except ErcError as error:
        return error.message
    return None


def cross_checks(doc: Document) -> list[Problem]:
    problems: list[Problem] = []
    report = reporter(doc, problems)
    for at, entry in entries(doc):
        for j, weapon in enumerate(listed(entry.get("weapons"))):
            if isinstance(weapon, dict):
                _weapon_checks((*at, "weapons", j), weapon, report)
        armor = entry.get("armor")
        if isinstance(armor, dict):
            dr = armor.get("dr")
            if isinstance(dr, str) and (why := dice_problem(dr)) is not None:
                report(
                    (*at, "armor", "dr"), f"dr {dr!r} is not a dice expression or a number: {why}"
                )
    name_checks(doc, report)
    return problems


def _weapon_checks(at: tuple[str | int, ...], weapon: dict[str, Any], report: Any) -> None:
    name, kind = weapon.get("name"), weapon.get("kind")
    if kind == "melee":
        for key in RANGE_KEYS:
            if key in weapon:
                report(
                    (*at, key),
                    f"weapon {name!r} is a melee weapon: it has no range band, so no {key!r} "
                    "(SC4.5: melee reaches an adjacent square; give ranged or thrown weapons "
                    "a range)",
                )
    elif kind in ("ranged", "thrown") and weapon.get("range") is None:
        report(at, f"weapon {name!r} is {kind}: it needs a range in ft (SC7.1)")
    reach, most = whole(weapon.get("range")), whole(weapon.get("max_range"))
    if reach is not None and most is not None and most < reach:
        report((*at, "max_range"), f"max_range {most} is less than the range {reach}")
    damage = weapon.get("damage")
    if isinstance(damage, str) and (why := dice_problem(damage)) is not None:
        report((*at, "damage"), f"damage {damage!r} is not a dice expression: {why}")


def build(spec: EncounterSpec, path: str | None) -> Encounter:
    """The rules' model of a file that passed validation and ``cross_checks``: a combatant
    per name its ``count`` makes (``from_file``, written from the format)."""
    combatants = tuple(
        from_file.combatant(entry, name, ex_hp=_ex_hp(entry))
        for entry in spec.combatants
        for name in expand(entry.name, entry.count)
    )
    return from_file.encounter(spec, combatants, path=path)


def _ex_hp(entry: CombatantSpec) -> int:
    """SC8.3: the Extraordinary HP left; SC5.2: armour that is not empowered has none."""
    armor = entry.armor
    if armor is None or not armor.empowered:
        return 0
    return armor.ex_hp if armor.ex_hp_current is None else armor.ex_hp_current


SPEC = EncounterSpec


def warnings(encounter: Encounter, doc: Document) -> list[Problem]:
    """What is valid but would fail in play (``erc check`` lists these; ``--strict`` makes
    them errors): two weapons with one name (``--with`` cannot tell them apart)."""
    problems: list[Problem] = []
    report = reporter(doc, problems)
    for place, name in repeated_names(doc, "weapons"):
        report(place, f"two weapons are called {name!r}: --with cannot tell them apart")
    return problems
