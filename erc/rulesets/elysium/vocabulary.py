"""What the Elysium commands' options take, where the rules or the file say it
(``Ruleset.values``; shell completion asks)."""

from __future__ import annotations

from erc.core.lookup import names_of
from erc.rulesets.elysium.model import CONDITIONS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from erc.rulesets.elysium.model import Encounter

HELD = {
    ("attack", "weapon"): ("weapons", "attacker"),
    ("attack", "parry_with"): ("weapons", "defender"),
    ("sneak", "weapon"): ("weapons", "attacker"),
    ("disarm", "weapon"): ("weapons", "attacker"),
    ("disarm", "target"): ("weapons", "defender"),
    ("trip", "weapon"): ("weapons", "attacker"),
    ("feint", "weapon"): ("weapons", "attacker"),
    ("grab", "pry"): ("weapons", "defender"),
    ("pick-up", "weapon"): ("dropped", "name"),
    ("cast", "spell"): ("spells", "caster"),
}
"""Parameters naming a combatant's weapon or spell, and the argument naming whose."""


def values(
    command: str, param: str, encounter: Encounter | None, given: Mapping[str, Sequence[str]]
) -> tuple[str, ...] | None:
    if (command, param) == ("condition", "conditions"):
        return CONDITIONS  # EL-P13 (pinned comes only from a grab)
    if (command, param) == ("skill", "skill_name") and encounter is not None:
        from erc.rulesets.elysium.commands.competition import _known_checks
        from erc.rulesets.elysium.model import ABILITIES

        return tuple(sorted({*ABILITIES, *_known_checks(encounter)}))  # EL-P16
    held = HELD.get((command, param))
    if held is not None:
        items, whose = held
        return names_of(encounter, items, given.get(whose))
    return None
