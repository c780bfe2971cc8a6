"""The turn's actions (SC1.3): ``erc movement`` (SC10.2), ``erc cast`` (SC10.1) and ``erc
spend`` for actions erc does not resolve. No dice."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.lookup import find_actor
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.core.value import Value, replace
from erc.rulesets.spellchrome import events
from erc.rulesets.spellchrome.conditions import cannot_act
from erc.rulesets.spellchrome.rules import actions as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded

MAX_FT = 100_000


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.spellchrome.render.actions``: imported only for a human
    table."""
    from erc.rulesets.spellchrome.render import actions

    return actions


@command()
def movement(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="The combatant who moves."),
    ft: int | None = Option(
        "--ft",
        min=0,
        max=MAX_FT,
        metavar="N",
        help="Feet to move (default: all that is left this turn).",
    ),
    double: bool = Option("--double", help="Spend the standard action on a second move (SC10.2)."),
) -> Mechanic:
    """Move: the file's speed (default 30 ft) per move action; --double spends the standard
    action on a second move. Moving more than is left is an error naming the shortfall.

    Dice for --rolls: none.
    """
    who = find_actor(loaded.encounter, name, cannot_act)
    result = rules.movement(who, ft, double=double)
    notes = rules.refuse_or_note(who, result.actions, applying=loaded.txn is not None)
    if notes:
        result = replace(result, notes=result.notes + notes)
    return Mechanic(
        command="movement",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.movement,
        draws=False,
    )


@command()
def cast(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who casts."),
    null: bool = Option("--null", help="A spell that takes no action to cast (a null action)."),
    spell: str | None = Option("--spell", metavar="TEXT", help="The spell's name (a label)."),
    spell_range: int | None = Option(
        "--range", min=0, max=MAX_FT, metavar="FT", help="The spell's listed range."
    ),
    distance: int | None = Option(
        "--distance",
        min=0,
        max=MAX_FT,
        metavar="FT",
        help="Feet to the target: past --range is refused (SC7.5).",
    ),
) -> Mechanic:
    """Cast a spell: a standard action, one spell a round (SC10.1); --null takes no action.
    Spells go no further than their listed range (SC7.5).

    Dice for --rolls: none.
    """
    who = find_actor(loaded.encounter, name, cannot_act)
    if distance is not None and spell_range is None:
        raise ErcError("bad-option", "--distance needs the spell's --range to check it against")
    result = rules.cast(
        who,
        null=null,
        spell=spell.strip() if spell else None,
        spell_range=spell_range,
        distance=distance,
        applying=loaded.txn is not None,
    )
    return Mechanic(
        command="cast",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.cast,
        draws=False,
    )


class Spent(Value):
    """``erc spend``: the actions recorded for something erc does not resolve."""

    name: str
    actions: tuple[str, ...]
    notes: tuple[str, ...] = ()


@command(dice=False)
def spend(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who spends the actions."),
    standard: bool = Option("--standard", help="Its standard action."),
    move: bool = Option("--move", help="Its move action."),
) -> Mechanic:
    """Record actions spent on what erc does not resolve (SC1.3: one standard and one move
    action a turn)."""
    actions = tuple(a for a, given in (("standard", standard), ("move", move)) if given)
    if not actions:
        raise ErcError("bad-option", "spend needs --standard, --move or both")
    who = find_actor(loaded.encounter, name, cannot_act)
    notes = rules.refuse_or_note(who, actions, applying=loaded.txn is not None)
    result = Spent(who.name, actions, notes)
    return Mechanic(
        command="spend",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.spent,
        draws=False,
    )
