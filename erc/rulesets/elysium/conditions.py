"""Conditions (EL4.4, EL5.5, EL5.6, EL-P13): what each one does, asked one question at
a time. Every mechanic asks these functions rather than reading conditions itself, so a
condition does the same in every command.
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.rulesets.elysium.model import Combatant

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from erc.core.status import Turns

NO_ACTION = ("asleep", "unconscious", "paralyzed", "bound")
"""EL-P13: who cannot act (with HP 0)."""
HELPLESS = ("unaware", "paralyzed", "bound", "asleep", "unconscious")
"""EL5.5: "unable to move or unaware of the danger": no Defense Roll (with HP 0)."""


def cannot_act(who: Combatant) -> str | None:
    """EL-P13: why ``who`` can take no action now, else None."""
    if who.hp > 0 and not who.conditions:
        return None  # the common case, asked many times a turn in ``erc simulate``
    return no_action(who.hp, who.has)


def no_action(hp: int, has: Callable[[str], bool]) -> str | None:
    """``cannot_act`` for a combatant with these HP and conditions (``has``), as the journal's
    fold holds one (``erc.rulesets.elysium.events``: a grabber that cannot act lets go)."""
    if hp <= 0:
        return DOWN
    for condition in NO_ACTION:
        if has(condition):
            return condition
    return None


DOWN = "down (0 HP, EL4.4)"


def helpless(who: Combatant) -> str | None:
    """EL5.5: why ``who`` makes no Defense Roll, else None (a pinned defender still
    defends, EL5.8)."""
    if who.down:
        return "down"
    return next((c for c in HELPLESS if who.has(c)), None)


def actor(who: Combatant, *, offensive: bool, what: str) -> Combatant:
    """The one check every action makes of who takes it: it can act (EL-P13) and,
    for an offensive action, has not gone on the defensive this round (EL5.6)."""
    reason = cannot_act(who)
    if reason:
        raise ErcError("cannot-act", f"{who.name} cannot act: {reason}")
    if offensive and who.defensive_bonus > 0:
        raise ErcError(
            "defensive",
            f"{who.name} went on the defensive this round (+{who.defensive_bonus}) and may "
            f'make no offensive action ({what}) until the round ends (EL5.6: "Going on the '
            'Defensive requires you to make no offensive actions for that round")',
        )
    return who


def cannot_move(who: Combatant, *, carrying: str | None = None) -> str | None:
    """EL10.2, EL13: a pinned combatant cannot move. EL10.3: a grabber moves with the one
    it pins only by carrying it (``grab --move``, opposed Hold checks), so it cannot move
    otherwise while it holds a pin; ``carrying`` names the one ``grab --move`` carries."""
    if who.pinned_by is not None:
        return f"pinned by {who.pinned_by} (EL10.2)"
    held = [name for name in who.pinning if name != carrying]
    if held:
        other = held[0]
        return (
            f"it holds {other} pinned: carry {other} along with `erc grab {who.name} {other} "
            f"--move FT` (opposed Hold checks, EL10.3) or let go first with `erc grab "
            f"{who.name} {other} --release` (EL10.1)"
        )
    return None


def two(first: Combatant, second: Combatant, what: str) -> None:
    """An action on another combatant names two different ones."""
    if first.name == second.name:
        raise ErcError("bad-option", f"{what} needs two combatants, not {first.name} twice")


def acted(who: Combatant) -> bool:
    """It has spent AP this round: its turn has begun (EL3: it acts until its AP run out)."""
    return who.ap_spent > 0 or who.turn_ended


def done(who: Combatant) -> bool:
    """EL-P17: its turn is over when its AP are spent or it ended its turn."""
    return who.ap_left <= 0 or who.turn_ended


def can_act(who: Combatant) -> bool:
    return cannot_act(who) is None


def standing(who: Combatant) -> bool:
    """Standing while above 0 HP (EL4.4) and not unconscious."""
    return who.hp > 0 and not (who.conditions and who.has("unconscious"))


def fight(state: Any) -> Turns:
    """Who is next (EL-P17), whether the fight is over, who won
    (``erc.core.status.turns``): a pure function of the folded state."""
    from erc.core.status import turns

    return turns(state, acted=acted, can_act=can_act, standing=standing, done=done)
