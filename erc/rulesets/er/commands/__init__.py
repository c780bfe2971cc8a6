"""The Enchanted Realms commands: each checks its inputs against the loaded encounter and
returns a ``Mechanic`` (``erc.core.mechanic``); the CLI resolves, records and renders it.

The options several of them share are declared here, once (``erc.core.mechanic.Option``):
the package comes with any of its commands, so they cost no module of their own.
"""

from __future__ import annotations

from erc.core.mechanic import Option

EXTRA_ACTION = Option(
    "--extra-action",
    help="A skill or magic grants this action beyond the one a round (R11.2).",
)
ADVANTAGE = Option("--advantage", help="Roll at advantage (R1.5).")
DISADVANTAGE = Option("--disadvantage", help="Roll at disadvantage (R1.5).")
