"""What each Spellchrome condition does (SC-P11), asked one question at a time.

Every mechanic and the odds code ask these functions rather than reading conditions
themselves, so a condition does the same in every command.
"""

from __future__ import annotations

from erc.rulesets.spellchrome.model import Combatant

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.status import Turns

NO_ACTION = ("asleep", "unconscious", "paralyzed", "bound")
"""SC1.4: "nor can one asleep, unconscious, paralyzed or bound"."""
FLAT_FOOTED = ("asleep", "unconscious", "paralyzed", "bound", "unaware")
"""SC5.3: flat-footed only when completely unaware of an enemy: "sleeping or completely
immobilized (like being tied securely to a chair)", or unaware."""


def cannot_act(who: Combatant) -> str | None:
    """SC1.4: why ``who`` can take no action now (down at 0 HP or below, or a condition)."""
    if who.hp <= 0:  # ``down``
        return f"down ({who.hp} HP: a character without Hit Points cannot take any actions)"
    if not who.conditions:
        return None  # the common case, asked many times a turn in ``erc simulate``
    for condition in NO_ACTION:
        if who.has(condition):
            return condition
    return None


UNAWARE = ("unaware",)
"""SC5.3, SC9: the flat-footed conditions that are about awareness of enemies. A victim
known to be aware of its attacker (``sneak --victim-aware``, SC-P3) is not "completely
unaware of an enemy" for that attack; sleep and being immobilized are not about awareness
and stay."""


def flat_footed_from(who: Combatant, *, aware_of_attacker: bool = False) -> tuple[str, ...]:
    """SC5.3, SC-P9: the conditions that make ``who`` flat-footed (never having not acted
    yet, nor being down by itself); ``aware_of_attacker`` (SC-P3) cancels ``unaware``."""
    return tuple(c for c in FLAT_FOOTED if who.has(c) and not (aware_of_attacker and c in UNAWARE))


def standing(who: Combatant) -> bool:
    """Still in the fight (``erc status``): above 0 HP and not unconscious."""
    return who.hp > 0 and not (who.conditions and who.has("unconscious"))


def acted(who: Combatant) -> bool:
    """Its turn has begun: it used its standard or its move action this round (or ended
    its turn, SC-P15)."""
    return who.standard_used or who.move_used


def can_act(who: Combatant) -> bool:
    """SC1.4: nothing stops it acting (``cannot_act``)."""
    return cannot_act(who) is None


def fight(state: Any) -> Turns:
    """Who is next, whether the fight is over, who won (``erc.core.status.turns``): a pure
    function of the folded state."""
    from erc.core.status import turns

    return turns(state, acted=acted, can_act=can_act, standing=standing)
