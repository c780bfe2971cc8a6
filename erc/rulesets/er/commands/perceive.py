"""``erc perceive NAME``: one Perception check (R2.3), the perceiver's conditions applied."""

from __future__ import annotations

from erc.core.dice import Mode
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.er import events
from erc.rulesets.er.commands import ADVANTAGE, DISADVANTAGE
from erc.rulesets.er.rules.checks import DEFAULT_DC
from erc.rulesets.er.rules.surprise import Awareness, perceive as resolve

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.dice import Dice
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.perceive``: imported only for a human table."""
    from erc.rulesets.er.render import perceive

    return perceive


@command()
def perceive(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who makes the check."),
    dc: int = Option(
        "--dc", min=0, max=100, help="The DC of the thing to notice (base 14).", default=DEFAULT_DC
    ),
    scan: bool = Option("--scan", help="Actively scanning: +4 on the roll."),
    advantage: bool = ADVANTAGE,
    disadvantage: bool = DISADVANTAGE,
    surprise: bool = Option(
        "--surprise",
        help="The surprise check of a sleeper woken after round 1 (R4.4): failing it, "
        "surprised for the rest of the round.",
    ),
) -> Mechanic:
    """One Perception check: d20 + Perception modifier against a DC (asleep, blind or deaf
    raise it by 3).

    Dice for --rolls, in order: the d20 (two at advantage or disadvantage).
    """
    who = find(loaded.encounter, name)
    mode = Mode.of(advantage, disadvantage)
    state = events.state_of(loaded)
    round = state.round

    def check(dice: Dice) -> Awareness:
        return resolve(dice, who, dc, scan=scan, mode=mode, surprise_check=surprise, round=round)

    return Mechanic(
        "perceive",
        check,
        renderer,
        effects=lambda result: events.perceive(result, state),
    )
