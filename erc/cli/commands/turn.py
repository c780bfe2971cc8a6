"""``erc end-turn NAME``: a combatant ends its turn without acting (RULES R14.3, SC-P15,
EL-P17), in every ruleset.

One ``end-turn`` effect through the fold (``erc.core.events.EndTurn``): each ruleset's fold
reads what that gives up (ER its action and movement, not its reaction; Spellchrome its
standard and move actions; Elysium the AP it has left), so ``erc status`` moves ``next`` on
and ``erc undo`` takes it back like any other event.
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.events import EndTurn
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, command
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.cli.render.turn``: imported only for a human table."""
    from erc.cli.render import turn

    return turn


class EndTurnResult(Value):
    name: str
    round: int
    had_left: str
    """What it had left this round, in the ruleset's words (``erc status``'s last column):
    all of it is given up but ER's reaction (R14.3)."""


@command(dice=False)
def end_turn(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Whose turn ends."),
) -> Mechanic:
    """End a combatant's turn without acting: it gives up what it has left this round (ER:
    action and movement, not its reaction; Spellchrome: standard and move; Elysium: its AP),
    and next moves on (R14.3)."""
    import shlex

    who = find(loaded.encounter, name)
    state = loaded.state
    if state.round < 1:
        raise ErcError(
            "no-round",
            f"no round has started, so {who.name} has no turn to end: "
            "record the order first (erc roll-init --apply)",
        )
    if who.name not in state.order:
        shown = shlex.quote(who.name)
        raise ErcError(
            "cannot-act",
            f"{who.name} is not in round {state.round}'s order, so it has no turn to end: "
            f"added to the file during the fight, it takes its place with erc join {shown} "
            "--apply (R14.2)",
        )
    rows = {c.name: c for c in loaded.ruleset.status().status(loaded).combatants}
    row = rows[who.name]
    if getattr(who, "turn_ended", False):
        raise ErcError(
            "turn-ended",
            f"{who.name} has already ended its turn this round (R14.3); it acts again next round",
        )
    result = EndTurnResult(name=who.name, round=state.round, had_left=row.left_this_round)
    return Mechanic(
        command="end-turn",
        resolve=lambda _dice: result,
        render=renderer,
        effects=lambda r: [EndTurn(who=r.name)],
        draws=False,
    )
