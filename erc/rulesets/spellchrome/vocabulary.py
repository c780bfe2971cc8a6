"""What the Spellchrome commands' options take, where the rules or the file say it
(``Ruleset.values``; shell completion asks)."""

from __future__ import annotations

from erc.core.lookup import names_of
from erc.rulesets.spellchrome.model import CONDITIONS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from erc.rulesets.spellchrome.model import Encounter

WEAPONS = {("attack", "weapon"): "attacker", ("sneak", "weapon"): "attacker"}
"""Weapon-valued parameters, and the argument naming whose weapons they are."""


def values(
    command: str, param: str, encounter: Encounter | None, given: Mapping[str, Sequence[str]]
) -> tuple[str, ...] | None:
    if (command, param) == ("condition", "conditions"):
        return CONDITIONS  # SC-P11
    if (command, param) == ("ability", "ability_name"):
        from erc.rulesets.spellchrome.model import ABILITIES

        return ABILITIES  # SC-P4 (SC-P15)
    whose = WEAPONS.get((command, param))
    if whose is not None:
        return names_of(encounter, "weapons", given.get(whose))
    return None
