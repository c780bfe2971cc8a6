"""``erc roll EXPR``: a plain dice expression."""

from __future__ import annotations

from erc.cli.common import execute
from erc.rules import roll as rules

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Annotated


if TYPE_CHECKING:
    import typer

    from erc.cli.options import JsonOpt, RollsOpt, SeedOpt


def roll(
    expression: Annotated[str, typer.Argument(metavar="EXPR", help="e.g. 3d20+4, 2d12kh1, d3")],
    vs: Annotated[
        int | None,
        typer.Option(
            "--vs", min=-1000, max=1_000_000, help="Count kept dice reaching N (ER pool vs AC)."
        ),
    ] = None,
    as_json: JsonOpt = False,
    seed: SeedOpt = None,
    rolls: RollsOpt = None,
) -> int:
    """Roll a dice expression: NdS, +/- constants and dice, khN/klN keep."""
    rules.parse(expression)  # refuse a bad expression before any die is drawn
    return execute(
        "roll",
        lambda dice: rules.roll(expression, dice, vs),
        as_json=as_json,
        seed=seed,
        rolls=rolls,
    )
