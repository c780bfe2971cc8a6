"""Typer options several Enchanted Realms commands share, declared once.

Only the Typer path imports this module (``erc.cli.app`` evaluates the commands' annotation
text with it in scope); the fast path never does.
"""

from __future__ import annotations

from typing import Annotated

import typer

ExtraActionOpt = Annotated[
    bool,
    typer.Option(
        "--extra-action",
        help="A skill or magic grants this action beyond the one a round (R11.2).",
    ),
]
AdvantageOpt = Annotated[bool, typer.Option("--advantage", help="Roll at advantage (R1.5).")]
DisadvantageOpt = Annotated[
    bool, typer.Option("--disadvantage", help="Roll at disadvantage (R1.5).")
]
