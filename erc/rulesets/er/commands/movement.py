"""``erc movement NAME``: a combatant's movement for the turn (RULES.md R9). No dice."""

from __future__ import annotations

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.er import events
from erc.rulesets.er.rules import movement as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.parts import Drawing
    from erc.core.session import Loaded


MAX_FT = 10_000
MAX_HEXES = 2_000


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.movement``: imported only for a human table."""
    from erc.rulesets.er.render import movement

    return movement


def _hexes(flag: str, what: str) -> Any:
    """A hex-count option."""
    return Option(flag, default=0, min=0, max=MAX_HEXES, metavar="N", help=what)


@command()
def movement(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="The combatant who moves."),
    rate: list[int] | None = Option(
        "--rate",
        min=-MAX_FT,
        max=MAX_FT,
        metavar="±FT",
        help="A rate change before restrictions, e.g. +10 for quick step (R9.2). "
        "Armor encumbrance comes from the file.",
    ),
    penalty: list[int] | None = Option(
        "--penalty",
        min=0,
        max=MAX_FT,
        metavar="FT",
        help="A flat loss after restrictions, e.g. 25 for a ghoul's touch (R9.4).",
    ),
    condition: list[str] | None = Option(
        "--condition",
        metavar="NAME",
        help="A condition beside the file's: bound halves the rate; asleep, unconscious, "
        "paralyzed, incapacitated, petrified, surprised (round 1) make immobile.",
    ),
    sneak_approach: bool = Option(
        "--sneak-approach", help="A stealthy approach: half the rate (R9.3)."
    ),
    cost: list[str] | None = Option(
        "--cost",
        metavar="KIND",
        help="A cost of the turn (R9.5): dismount, mount, stand-up, pick-up, draw, "
        "ready-weapon, ready-shield.",
    ),
    steed_size: str | None = Option(
        "--steed-size",
        metavar="SIZE",
        help="The steed's size for mount/dismount: medium or large (the default, 50% of "
        "the species rate) or huge, giant, colossal (100%).",
    ),
    action_spent: bool = Option(
        "--action-spent",
        help="The action is spent this round: pick-up and ready-weapon are refused.",
    ),
    hexes: int = _hexes("--hexes", "Hexes of plain ground, 5 ft each (R9.6)."),
    difficult: int = _hexes(
        "--difficult", "Hexes of difficult terrain, x2; an ally's space counts (R9.6)."
    ),
    crawl: int = _hexes("--crawl", "Hexes crawled while prone, x3 (R9.6)."),
) -> Mechanic:
    """Movement for the turn: rate, restrictions, penalties, costs and path, in R9 order.

    A path or costs longer than the movement is an error naming the shortfall (R9.7).

    Dice for --rolls: none.
    """
    encounter = loaded.encounter
    who = find(encounter, name)
    started = loaded.state.round >= 1  # R11: turns are counted once a round has started
    turn = rules.Turn(
        rates=tuple(rate or ()),
        penalties=tuple(penalty or ()),
        conditions=frozenset(c.strip().casefold() for c in condition or ()),
        sneak_approach=sneak_approach,
        costs=tuple(k.strip().casefold() for k in cost or ()),
        steed_size=steed_size.strip().casefold() if steed_size is not None else None,
        action_spent=action_spent or (started and who.own_action_spent),
        hexes=hexes,
        difficult=difficult,
        crawl=crawl,
        spent_earlier=who.movement_spent,
    )
    result = rules.movement(who, turn, encounter.rules)
    return Mechanic(
        command="movement",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.movement,
        draws=False,
    )
