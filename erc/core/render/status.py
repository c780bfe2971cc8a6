"""Human output of ``erc status`` in every ruleset (CONTRACT "The table"): one layout, the
next to act marked beside its place number, one ``standing:`` line, one wording for the end.

It draws the fight view every ruleset hands the core (``erc.core.status.FightView``): the
health column is headed with the ruleset's word (Body, HP), and the last column shows the
ruleset's own resources left this round (``resources.words()``)."""

from __future__ import annotations

from collections.abc import Iterator

from rich.text import Text

from erc.core.human import NEXT, clean, table, text
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    title = f"round {result.round}" if result.round else "before round 1"
    if result.next:
        title += f": {result.next} is next"
    grid = table(
        title, "#", "name", "side", result.health_word, "conditions, notes", "left this round"
    )
    grid.pad_edge = False  # 80 columns for the shipped encounters: no padding inside the frame
    for column in grid.columns[:2]:
        column.no_wrap = True  # the place and the name stay whole; the other columns wrap
    unplaced = len(result.order) + 1
    for c in sorted(result.combatants, key=lambda c: c.place or unplaced):
        is_next = c.name == result.next
        mark = Text(NEXT + " ", "bold green") if is_next else Text("  ")
        mark.append(str(c.place or "-"))
        grid.add_row(
            mark,
            text(c.name, "bold" if is_next else ""),
            text(c.side),
            Text(f"{c.health}/{c.health_max}", style="bold red" if c.down else ""),
            text(", ".join(_conditions(c))),
            _left(c),
        )
    yield grid
    for line in result.notes:
        yield text(line)
    for line in result.due:
        yield text(f"due: {line}", "yellow")
    yield text(standing_line(result), "bold" if result.over else "")
    yield Text(clean(f"{result.n_events} journal event(s)"), style="dim")


def standing_line(result: Any) -> str:
    """``standing: party 2, foes 0``, and once over the one wording of the end (R14.7)."""
    sides = ", ".join(f"{s.side or '(no side)'} {s.standing}" for s in result.sides)
    line = f"standing: {sides}"
    if result.over:
        line += f"   the fight is over: {result.winner or 'nobody'} stands"
    return line


def _conditions(c: Any) -> list[str]:
    shown = []
    for cond in c.conditions:
        words = cond.name + (f" by {cond.by}" if cond.by else "")
        if cond.actions_left:
            words += f" ({cond.actions_left} action(s))"
        elif cond.rounds_left is not None:
            words += f" ({cond.rounds_left} round(s))"
        shown.append(words)
    shown += c.marks
    if c.down:
        shown.append("down")
    return shown


def _left(c: Any) -> Text:
    if not c.standing:
        return Text("-", "dim")
    if not c.can_act:
        return Text("cannot act", "red")
    return Text(clean(c.left_this_round), "dim" if c.acted else "")
