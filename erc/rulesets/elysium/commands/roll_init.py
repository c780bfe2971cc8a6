"""``erc roll-init``: the Reaction order of a round (EL2); ``--apply`` starts it, and AP are
replenished (EL3.1)."""

from __future__ import annotations

from erc.core.checks import choose_round
from erc.core.dice import DICE_BUDGET
from erc.core.errors import ErcError
from erc.core.mechanic import Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.model import die_sides
from erc.rulesets.elysium.rules.initiative import kept_checks, roll_init as resolve

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded
    from erc.rulesets.elysium.model import Encounter


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.initiative``: imported only for a human table."""
    from erc.rulesets.elysium.render import initiative

    return initiative


@command()
def roll_init(
    loaded: Loaded,
    round_: int | None = Option(
        "--round",
        min=1,
        max=100_000,
        help="The round this order is for (default: the journal's next round, or 1).",
    ),
) -> Mechanic:
    """Reaction checks: one die + AGI + CUN + the file's initiative, highest first; actions
    are declared from the lowest up and resolved from the highest down (EL2.2).

    Dice for --rolls, in order: one die per combatant in file order, then the roll-offs by
    tied group from the highest total down. House rule initiative: keep (the default)
    keeps the first round's checks (dice and terms, so totals and order) after it.
    """
    state = events.state_of(loaded)
    if not state.encounter.combatants:
        raise ErcError("no-combatants", "the encounter has no combatants", loaded.path)
    number = choose_round(state.round, round_, applying=loaded.txn is not None)
    current: Encounter = (loaded.advance(number) if number > state.round else state).encounter
    rules = current.rules
    kept = kept_checks(rules.initiative, number, state.rolls, state.reactions)
    return Mechanic(
        command="roll-init",
        resolve=lambda dice: resolve(
            dice, current.combatants, round=number, sides=die_sides(rules), kept=kept
        ),
        render=renderer,
        effects=events.roll_init,
        budget=DICE_BUDGET + 4 * len(current.combatants),
        event_round=number,
    )
