"""Options several Enchanted Realms commands share, declared once (``erc.core.params``)."""

from __future__ import annotations

from erc.core.params import Option

EXTRA_ACTION = Option(
    "--extra-action",
    help="A skill or magic grants this action beyond the one a round (R11.2).",
)
ADVANTAGE = Option("--advantage", help="Roll at advantage (R1.5).")
DISADVANTAGE = Option("--disadvantage", help="Roll at disadvantage (R1.5).")
