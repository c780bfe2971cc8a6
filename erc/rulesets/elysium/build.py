"""Validated Elysium file -> the rules' model: ``count`` groups, names, current HP and MP.

``cross_checks`` holds the rules no single key can state (weapon and spell names unique
per combatant, and the shared name and count rules; ``hp_current`` within ``hp`` and
``mp_current`` within ``mp`` follow from their declarations:
``erc.core.encounter.validate.current_checks``). It reads the raw data defensively, so
``erc check`` reports these together with any schema problems. ``warnings`` (EL-P1): a
skill or school no action uses, so a typo is seen.
"""

from __future__ import annotations

from erc.core.encounter.common import (
    entries,
    expand,
    name_checks,
    repeated_names,
    reporter,
)
from erc.core.encounter.yamlread import Document
from erc.core.errors import Problem
from erc.rulesets.elysium import from_file
from erc.rulesets.elysium.format import EncounterSpec
from erc.rulesets.elysium.model import (
    ACTION_SKILLS,
    Encounter,
)


def cross_checks(doc: Document) -> list[Problem]:
    problems: list[Problem] = []
    report = reporter(doc, problems)
    for key in ("weapons", "spells"):
        for place, name in repeated_names(doc, key):
            report(place, f"{name!r} is listed twice")
    name_checks(doc, report)
    return problems


def build(spec: EncounterSpec, path: str | None) -> Encounter:
    """The rules' model of a file that passed validation and ``cross_checks``: a combatant
    per name its ``count`` makes (``from_file``, written from the format), with the file's
    ``skill_abilities`` under its own (EL1.3)."""
    combatants = tuple(
        from_file.combatant(
            entry, name, skill_abilities={**spec.skill_abilities, **entry.skill_abilities}
        )
        for entry in spec.combatants
        for name in expand(entry.name, entry.count)
    )
    return from_file.encounter(spec, combatants, path=path)


SPEC = EncounterSpec


def warnings(encounter: Encounter, doc: Document) -> list[Problem]:
    """EL-P1: a skill no action uses (not an action skill, no weapon's skill in the
    file, no ``skill_abilities`` entry), and a school no spell in the file belongs to, so a
    misspelt name is seen; each placed at its key in the file, once per entry."""
    weapon_skills = {w.skill for c in encounter.combatants for w in c.weapons}
    schools = {s.school for c in encounter.combatants for s in c.spells}
    data = doc.data if isinstance(doc.data, dict) else {}
    shared = data.get("skill_abilities")
    file_abilities = set(shared) if isinstance(shared, dict) else set()
    problems: list[Problem] = []
    report = reporter(doc, problems)
    for at, entry in entries(doc):
        name = entry.get("name")
        own = entry.get("skill_abilities")
        used = set(ACTION_SKILLS) | weapon_skills | file_abilities
        used |= set(own) if isinstance(own, dict) else set()
        skills = entry.get("skills")
        for skill in skills if isinstance(skills, dict) else ():
            if skill not in used:
                report(
                    (*at, "skills", skill),
                    f"{name}: no action uses the skill {skill!r} (EL1.2: the action "
                    "skills, the file's weapon skills, or one named in skill_abilities)",
                )
        known = entry.get("schools")
        for school in known if isinstance(known, dict) else ():
            if school not in schools:
                report(
                    (*at, "schools", school),
                    f"{name}: no spell in the file is of the school {school!r}",
                )
    return problems
