"""Elysium's commands: each a function returning a ``Mechanic``.

The options several of them share are declared here, once (``erc.core.mechanic.Option``):
the package comes with any of its commands, so they cost no module of their own.
"""

from __future__ import annotations

from erc.core.mechanic import Option

WEAPON = Option("--with", metavar="WEAPON", help="The weapon to use (default: the first listed).")
MOD = Option(
    "--mod", default=0, min=-100, max=100, metavar="N", help="Added to the initiator's roll."
)
CHARGE = Option("--charge", help="Run at the defender and attack in one turn (EL6).")
MOVE_FT = Option(
    "--move-ft",
    min=0,
    max=10_000,
    metavar="N",
    help="The distance run in ft, at least 1 (its AP: ceil(N / move_ft_per_ap); a prone "
    "runner stands up first for stand_up_ap).",
)
