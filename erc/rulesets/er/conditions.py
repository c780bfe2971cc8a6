"""Conditions (RULES.md R10): what each one does, asked one question at a time.

Every mechanic and the odds code ask these functions rather than reading conditions
themselves, so a condition does the same in every command.
"""

from __future__ import annotations

from erc.rulesets.er.model import Combatant

NO_ACTION = ("surprised", "asleep", "unconscious", "paralyzed", "petrified", "incapacitated")
"""Conditions under which a combatant takes no action this round (R4.3, R6.5; R9.7)."""


def cannot_act(who: Combatant) -> str | None:
    """Why ``who`` can take no action now (a condition, or ``down`` at 0 Body), else None."""
    if who.body <= 0:
        return "down (0 Body)"
    return next((c for c in NO_ACTION if who.has(c)), None)
