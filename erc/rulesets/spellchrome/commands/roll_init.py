"""``erc roll-init`` (SC2, SC3) and ``erc delay NAME --after OTHER`` (SC2.5)."""

from __future__ import annotations

from erc.core.checks import choose_round
from erc.core.errors import ErcError
from erc.core.lookup import find, find_actor, named_number
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.core.value import Value
from erc.rulesets.spellchrome import events
from erc.rulesets.spellchrome.conditions import cannot_act
from erc.rulesets.spellchrome.model import Combatant, Encounter
from erc.rulesets.spellchrome.rules import initiative as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.spellchrome.render.initiative``: imported only for a human
    table."""
    from erc.rulesets.spellchrome.render import initiative

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
    bonus: list[str] | None = Option(
        "--bonus",
        metavar="NAME=N",
        help="An initiative bonus of +1 to +10 for surprise (SC3.1) or a readied action "
        "(SC2.6); NAME is a combatant, a count group or a side (repeatable; bonuses "
        "that reach one combatant add up).",
    ),
) -> Mechanic:
    """Roll initiative: d20 + Dexterity modifier + initiative + bonus, highest first; ties
    to the higher Dexterity score, then d10 roll-offs. Under `initiative: keep` (the
    default) a later round keeps the last applied order, delays included.

    Dice for --rolls, in order: one d20 per combatant in file order, then the d10 roll-offs.
    """
    state = events.state_of(loaded)
    if not state.encounter.combatants:
        raise ErcError("no-combatants", "the encounter has no combatants", loaded.path)
    number = choose_round(state.round, round_, applying=loaded.txn is not None)
    current: Encounter = (loaded.advance(number) if number > state.round else state).encounter
    bonuses = parse_bonuses(current, bonus or [])
    notes: tuple[str, ...] = ()
    if current.rules.initiative == "keep" and state.initiative:
        if bonuses:
            raise ErcError(
                "bad-option",
                f"--bonus: under the house rule initiative: keep (SC2.4) round {number} keeps "
                f"the order of round {state.round} and rolls nothing, so there is no roll to "
                "add a bonus to (set rules: {initiative: reroll} to roll each round)",
            )
        kept = rules.keep_order(_rows(state), current.combatants, round=number)
        if kept is not None:
            return Mechanic(
                command="roll-init",
                resolve=lambda _dice: kept,
                render=renderer,
                effects=events.roll_init,
                draws=False,
                event_round=number,
            )
        notes = ("the kept order does not match the encounter's combatants: rolled anew",)
    return Mechanic(
        command="roll-init",
        resolve=lambda dice: rules.roll_init(
            dice, current.combatants, round=number, bonuses=bonuses, notes=notes
        ),
        render=renderer,
        effects=events.roll_init,
        event_round=number,
    )


def _rows(state: events.State) -> list[rules.Row]:
    """The round's order as it stands: the recorded rows in the order after any delays."""
    by_name = {row.name: row for row in state.initiative}
    return [
        rules.Row(
            name=row.name,
            roll=row.roll,
            modifier=row.modifier,
            bonus=row.bonus,
            total=row.total,
            tiebreak=row.tiebreak,
            delayed_after=state.delays.get(name),
        )
        for name in state.order
        if (row := by_name.get(name)) is not None
    ]


def reached(encounter: Encounter, name: str) -> list[Combatant]:
    """SC-P5: an exact combatant, then a ``count`` group, then a side, then a prefix."""
    wanted = name.strip().casefold()
    everyone = encounter.combatants
    exact = [c for c in everyone if c.name.casefold() == wanted]
    if exact:
        return exact
    stem = wanted + " "
    members = [
        c
        for c in everyone
        if c.name.casefold().startswith(stem) and c.name.casefold()[len(stem) :].isdigit()
    ]
    if members:
        return members
    side = [c for c in everyone if c.side and c.side.casefold() == wanted]
    if side:
        return side
    return [find(encounter, name)]


def parse_bonuses(encounter: Encounter, given: list[str]) -> dict[str, int]:
    """``--bonus NAME=N``: each 1 to 10 (SC3.1); what reaches one combatant adds up."""
    total: dict[str, int] = {}
    for text in given:
        who, number = named_number(
            text, "--bonus", "NAME=N (e.g. Vex=4)", code="bad-bonus", expected="from 1 to 10"
        )
        rules.check_bonus(number, text)
        for combatant in reached(encounter, who):
            total[combatant.name] = total.get(combatant.name, 0) + number
    return total


class DelayPlace(Value):
    place: int
    name: str
    total: int | None
    delayed_after: str | None


class Delay(Value):
    """``erc delay``: the round's order with ``name`` acting immediately after
    ``delayed_after``."""

    round: int
    name: str
    delayed_after: str
    took_place: bool
    """The other cannot act, so the delayer takes its place (SC2.5)."""
    place: int
    order: tuple[DelayPlace, ...]
    notes: tuple[str, ...]


@command()
def delay(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who delays."),
    after: str | None = Option(
        "--after", metavar="OTHER", help="Act immediately after OTHER (required)."
    ),
) -> Mechanic:
    """Delay: act immediately after another combatant this round, keeping both actions
    (SC2.5). Under `initiative: keep` the new place lasts into later rounds.

    Dice for --rolls: none.
    """
    if after is None:
        raise ErcError("usage", "delay needs --after OTHER: who to act immediately after")
    state = events.state_of(loaded)
    encounter = state.encounter
    who = find_actor(encounter, name, cannot_act)
    other = find(encounter, after)
    if not state.order:
        raise ErcError(
            "no-order",
            "there is no order to delay in yet: roll-init --apply records this round's",
            loaded.journal,
        )
    notes: list[str] = []
    if who.standard_used or who.move_used:
        reason = f"{who.name} has already acted this round: a delay is chosen before acting"
        if loaded.txn is not None:
            raise ErcError("already-acted", reason)
        notes.append(f"{reason}; --apply would be refused (already-acted)")
    blocked = cannot_act(other)
    if blocked:
        notes.append(f"{other.name} cannot act ({blocked}): {who.name} takes its place")
    order = rules.delay_order(
        state.order, who.name, other.name, delays=state.delays, take_place=bool(blocked)
    )
    followers = rules.waiting_on(state.order, who.name, state.delays)[1:]
    if followers:
        notes.append(
            f"{', '.join(followers)}, waiting for {who.name}, "
            f"{'moves' if len(followers) == 1 else 'move'} with it"
        )
    totals = {row.name: row.total for row in state.initiative}
    delays = {**state.delays, who.name: other.name}
    places = tuple(DelayPlace(i, n, totals.get(n), delays.get(n)) for i, n in enumerate(order, 1))
    result = Delay(
        round=state.round,
        name=who.name,
        delayed_after=other.name,
        took_place=bool(blocked),
        place=order.index(who.name) + 1,
        order=places,
        notes=tuple(notes),
    )
    return Mechanic(
        command="delay",
        resolve=lambda _dice: result,
        render=renderer,
        effects=events.delay,
        draws=False,
    )
