"""The closed sets and defaults of Enchanted Realms's file format, which the model shares.

Their own module so that ``format.py`` can import them without ``model.py``, which is
built on the fields generated from ``format.py`` (``make model``).
"""

from __future__ import annotations

SIZES = ("tiny", "small", "medium", "large", "huge", "giant", "colossal")
ARMORS = ("none", "light", "medium", "heavy")
WEAPON_KINDS = ("melee", "ranged", "savage")
WEIGHTS = ("light", "medium", "heavy")
HANDS = ("primary", "off", "both")
STYLES = ("archery", "hurling", "bludgeoning", "cleaving", "polearms", "slashing")
CONDITIONS = (
    "asleep",
    "blind",
    "bound",
    "charmed",
    "deaf",
    "grappled",
    "incapacitated",
    "paralyzed",
    "petrified",
    "prone",
    "stunned",
    "unconscious",
)
"""The conditions an encounter file may give (CONTRACT "Encounter files")."""
NEEDS_BY = ("charmed", "grappled")
"""R10.2: these name who did it (``by``)."""
MAX_SKILL_DICE = 5
"""R1.4: a skill pool holds at most 5 dice."""
