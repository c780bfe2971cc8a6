"""``erc roll EXPR``: a dice expression in avrae/d20's grammar (docs/dice.md)."""

from __future__ import annotations

from erc.cli.boundary import JSON, ODDS, ROLLS, SEED
from erc.core.dice import Dice, PhysicalSource, SeededSource, new_seed, parse_rolls, parse_seed
from erc.core.errors import ErcError
from erc.core.mechanic import Argument, Option, shared
from erc.core.outcome import Outcome
from erc.core.roller.parse import parse
from erc.core.roller.roll import roll as roll_tree

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing


def renderer() -> Drawing:
    """The renderer, ``erc.cli.render.roll``: imported only for a human table."""
    from erc.cli.render import roll

    return roll


@shared
def roll(
    expression: str = Argument(metavar="EXPR", help="e.g. 3d20+4, 4d6kh3, 2d6ro<3, 8d6mi2, -1d4"),
    vs: int | None = Option(
        "--vs",
        metavar="N",
        min=-1000,
        max=1_000_000,
        help="Count kept dice reaching N (ER pool vs AC).",
    ),
    at_least: int | None = Option(
        "--at-least",
        metavar="N",
        min=-1_000_000_000,
        max=1_000_000_000,
        help="With --odds: the chance the total (or with --vs, the successes) is N or more.",
    ),
    odds: bool = ODDS,
    as_json: bool = JSON,
    seed: str | None = SEED,
    rolls: str | None = ROLLS,
) -> Outcome:
    """Roll a dice expression: NdS, k/p with h l < >, rr ro ra e mi ma, sets, + - * / // %.

    Dice for --rolls, in order: terms left to right; a term's dice, then its rerolls and
    explosions as avrae's d20 makes them (docs/dice.md).
    """
    tree = parse(expression)  # refuse a bad expression before any die is drawn
    if seed is not None and rolls is not None:
        raise ErcError("usage", "give --seed or --rolls, not both")
    if at_least is not None and not odds:
        raise ErcError(
            "usage", "--at-least goes with --odds (erc roll 2d20kh1+5 --odds --at-least 15)"
        )
    physical = PhysicalSource(parse_rolls(rolls)) if rolls is not None else None
    given = None if physical is not None else parse_seed(seed)
    exact = None
    if odds:
        from erc.core.roller.odds import expression_odds

        exact = expression_odds(tree, expression, vs=vs, at_least=at_least)
        if physical is None and given is None:  # CONTRACT: --odds alone draws no dice
            from erc.core.roller.roll import Unrolled

            result = Unrolled(expression.strip(" \t\n\f\r"), vs)
            return Outcome(command="roll", result=result, render=renderer, odds=exact)
    used = None if physical is not None else (given if given is not None else new_seed())
    dice = Dice(physical or SeededSource(used or 0))
    rolled = roll_tree(expression, dice, vs, tree=tree)
    if physical is not None:
        physical.check_all_used()
    return Outcome(
        command="roll",
        result=rolled,
        render=renderer,
        seed=used,
        rolls=tuple(dice.rolls),
        odds=exact,
    )
