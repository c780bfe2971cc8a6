"""What the Enchanted Realms commands' options take, where the rules or the file say it
(``Ruleset.values``; shell completion asks): closed sets of the rules, and the weapons and
damage types an encounter file names."""

from __future__ import annotations

from erc.core.lookup import names_of
from erc.rulesets.er.model import CONDITIONS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from erc.rulesets.er.model import Encounter

WEAPONS = {
    ("attack", "weapon"): "attacker",
    ("sneak", "weapon"): "attacker",
    ("disarm", "weapon"): "attacker",
    ("disarm", "target"): "victim",
    ("free", "weapon"): "name",
    ("pick-up", "weapon"): "name",
}
"""Weapon-valued parameters, and the argument naming whose weapons they are."""


def values(
    command: str, param: str, encounter: Encounter | None, given: Mapping[str, Sequence[str]]
) -> tuple[str, ...] | None:
    if (command, param) == ("condition", "conditions"):
        return CONDITIONS  # R12.3: the file's closed set
    if (command, param) == ("feat", "attribute"):
        from erc.rulesets.er.model import SUB_ATTRIBUTES

        return SUB_ATTRIBUTES  # R1.2's list (R14.1)
    if command == "movement" and param in ("condition", "cost", "steed_size"):
        from erc.rulesets.er.rules import movement

        if param == "condition":
            return movement.MOVEMENT_CONDITIONS  # R9.3, R10, and surprised (R4.3)
        return tuple(movement.COSTS) if param == "cost" else movement.STEED_SIZES  # R9.5
    if (command, param) == ("damage", "damage_type"):
        return damage_types(encounter)
    whose = WEAPONS.get((command, param))
    if whose is not None:
        return names_of(encounter, "weapons", given.get(whose))
    return None


def damage_types(encounter: Encounter | None) -> tuple[str, ...]:
    """The damage types the file names (weapons, resistances, immunities, vulnerabilities):
    ER's set is open (R5.5), so these are the ones that can matter."""
    found: set[str] = set()
    for c in encounter.combatants if encounter is not None else ():
        found.update(w.damage_type for w in c.weapons)
        found.update(c.resist | c.immune | c.vulnerable)
    return tuple(sorted(found))
