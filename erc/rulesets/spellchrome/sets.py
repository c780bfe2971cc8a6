"""The closed sets and defaults of Spellchrome's file format, which the model shares.

Their own module so that ``format.py`` can import them without ``model.py``, which is
built on the fields generated from ``format.py`` (``make model``).
"""

from __future__ import annotations

WEAPON_KINDS = ("melee", "ranged", "thrown")
CONDITIONS = ("asleep", "bound", "paralyzed", "unconscious", "unaware")
"""SC-P11: the conditions of a Spellchrome file (a closed set)."""
INITIATIVE_RULES = ("keep", "reroll")
"""SC2.4: the house rule ``initiative``; ``keep`` is the chapter's standard method."""
DEFAULT_SPEED = 30
"""SC10.2: "move your base rate (30 feet, unless modified)"."""
