"""``erc roll EXPR``: a plain dice expression."""

from __future__ import annotations

from erc.core import expr
from erc.core.dice import Dice, PhysicalSource, SeededSource, new_seed, parse_rolls, parse_seed
from erc.core.errors import ErcError
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Annotated

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
) -> Outcome:
    """Roll a dice expression: NdS, +/- constants and dice, khN/klN keep."""
    expr.parse(expression)  # refuse a bad expression before any die is drawn
    if seed is not None and rolls is not None:
        raise ErcError("usage", "give --seed or --rolls, not both")
    physical = PhysicalSource(parse_rolls(rolls)) if rolls is not None else None
    given = None if physical is not None else parse_seed(seed)
    used = None if physical is not None else (given if given is not None else new_seed())
    dice = Dice(physical or SeededSource(used or 0))
    result = expr.roll(expression, dice, vs)
    if physical is not None:
        physical.check_all_used()
    return Outcome(
        command="roll",
        result=result,
        render="erc.cli.render.roll",
        encounter=None,
        seed=used,
        rolls=tuple(dice.rolls),
    )
