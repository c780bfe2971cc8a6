"""Typer options several Elysium commands share, declared once.

Only the Typer path imports this module (``erc.cli.app`` evaluates the commands' annotation
text with it in scope); the fast path never does.
"""

from __future__ import annotations

from typing import Annotated

import typer

WeaponOpt = Annotated[
    str | None,
    typer.Option("--with", metavar="WEAPON", help="The weapon to use (default: the first listed)."),
]
ModOpt = Annotated[
    int,
    typer.Option("--mod", min=-100, max=100, metavar="N", help="Added to the initiator's roll."),
]
ChargeOpt = Annotated[
    bool,
    typer.Option("--charge", help="Run at the defender and attack in one turn (EL6)."),
]
MoveFtOpt = Annotated[
    int | None,
    typer.Option(
        "--move-ft",
        min=0,
        max=10_000,
        metavar="N",
        help="The distance run in ft, at least 1 (its AP: ceil(N / move_ft_per_ap); a prone "
        "runner stands up first for stand_up_ap).",
    ),
]
