"""The closed sets and defaults of Elysium's file format, which the model shares.

Their own module so that ``format.py`` can import them without ``model.py``, which is
built on the fields generated from ``format.py`` (``make model``).
"""

from __future__ import annotations

ABILITIES = ("agility", "cunning", "muscle", "endurance", "insight", "courage", "self_control")
"""EL1.2: AGI, CUN, MUS, END and the key abilities."""
TRUMPS = ("sidestep", "counterattack", "focus_casting", "speedy_combatant")
CONDITIONS = ("asleep", "bound", "paralyzed", "prone", "unaware", "unconscious")
"""EL-P13: the conditions an Elysium file (and ``erc condition``) may give; ``pinned``
comes only from a grab."""
DIES = ("d10", "d20", "d12")
"""EL1.1: house rule ``die``."""
INITIATIVE_RULES = ("keep", "reroll")
HELPLESS_DEFENSES = ("none", "static")
DEFAULT_AP = 6
"""EL3.1: "Characters start off with 6 AP"."""
SPELL_LEVELS = 5
"""EL12: "Spells may be cast at one of five levels of intensity"."""
