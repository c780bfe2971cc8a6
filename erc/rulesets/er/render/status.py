"""Human output of ``erc status`` for an Enchanted Realms encounter: the order with the next
to act marked, Body, conditions and what each has spent this round; drops, locks, and
whether the fight is over."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import NEXT, clean, table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.status import CombatantStatus, StatusResult


def render(outcome: Outcome) -> Iterator[Any]:
    result: StatusResult = outcome.result
    title = f"round {result.round}" if result.round else "before round 1"
    if result.next:
        title += f": {result.next} is next"
    grid = table(title, "#", "name", "side", "body", "conditions", "this round")
    places = {p.name: p.place for p in result.order}
    listed = sorted(result.combatants, key=lambda c: places.get(c.name, len(places) + 1))
    for c in listed:
        mark = Text(NEXT + " ", "bold green") if c.name == result.next else Text()
        mark.append(str(places.get(c.name, "")))
        grid.add_row(
            mark,
            text(c.name, "bold" if c.name == result.next else ""),
            text(c.side),
            Text(f"{c.body}/{c.body_max}", style="bold red" if c.down else ""),
            text(", ".join(_conditions(c))),
            _spent(c),
        )
    yield grid
    for drop in result.drops:
        yield text(
            f"{drop.holder} holds the drop on {drop.victim}: {drop.damage} damage "
            f"(since round {drop.round})"
        )
    for lock in result.locks:
        using = f" with its {lock.using}" if lock.using else ""
        dropped = f" ({lock.wielder} let go of it)" if lock.dropped else ""
        yield text(f"{lock.locker} holds {lock.wielder}'s {lock.weapon} locked{using}{dropped}")
    for taken in result.taken:
        yield text(
            f"{taken.holder} picked up {taken.owner}'s {taken.weapon} (--with {taken.held_as!r})"
        )
    standing = ", ".join(f"{s.side or '(no side)'} {s.standing}" for s in result.sides)
    line = Text(clean(f"standing: {standing}"))
    if result.over:
        line.append("   the fight is over", "bold")
    yield line
    yield Text(clean(f"{result.n_events} journal event(s)"), style="dim")


def _conditions(c: CombatantStatus) -> list[str]:
    shown = []
    for cond in c.conditions:
        words = cond.name + (f" by {cond.by}" if cond.by else "")
        if cond.actions_left:
            words += f" ({cond.actions_left} action(s))"
        elif cond.rounds_left is not None:
            words += f" ({cond.rounds_left} round(s))"
        shown.append(words)
    shown += [f"{w} locked" for w in c.locked_weapons]
    shown += [f"{w} on the ground" for w in c.disarmed_weapons]
    if c.down:
        shown.append("down")
    return shown


def _spent(c: CombatantStatus) -> Text:
    """Action, movement and reaction this round (R11)."""
    if c.acted:
        line = Text("acted" + (f" x{c.actions_taken}" if c.actions_taken > 1 else ""), "dim")
    else:
        line = Text("ready") if c.can_act else Text("cannot act", "red")
    if c.movement_spent_ft:
        line.append(f", moved {c.movement_spent_ft} ft")
    if c.reaction_used:
        line.append(", reacted", "dim")
    return line
