"""What every Enchanted Realms command that takes an action does first: find the actor,
refuse one that cannot act or has acted (R10, R11.2), and see which weapon locks the action
gives up (seed 001)."""

from __future__ import annotations

from erc.core.lookup import find
from erc.rulesets.er.events import state_of
from erc.rulesets.er.model import SAVAGE_BODY_WEAPON, Combatant, Weapon
from erc.rulesets.er.rules.turns import Lock, action_check, release_notes, released

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

    from erc.core.session import Loaded


def actor(loaded: Loaded, name: str, extra: bool) -> tuple[Combatant, tuple[str, ...]]:
    """The combatant taking an action, and the notes about its action this round."""
    who = find(loaded.encounter, name)
    applying = loaded.txn is not None
    return who, action_check(who, round=loaded.state.round, applying=applying, extra=extra)


def weapons_named(who: Combatant, names: Iterable[str]) -> tuple[Weapon, ...]:
    return tuple(who.weapon(n) or SAVAGE_BODY_WEAPON for n in names)


def locks_given_up(loaded: Loaded, who: Combatant, used: Iterable[str]) -> tuple[Lock, ...]:
    """The locks ``who`` holds that striking with the weapons ``used`` gives up."""
    locks = state_of(loaded).locks
    return released(who, locks, weapons_named(who, used)) if locks else ()


__all__ = ["actor", "locks_given_up", "release_notes"]
