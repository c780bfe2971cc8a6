"""Human output of the table's journal commands: ``erc rename``, ``erc new-fight``,
``erc undo --to``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from erc.core.human import text
from erc.core.outcome import Outcome
from erc.core.text import counted, ends


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    applied = outcome.applied
    if outcome.command == "rename":
        if applied:
            yield text(
                f"the fight's {result.old!r} is now {result.name!r} "
                f"(event {applied['event']}; erc undo reverses it)"
            )
        else:
            yield text(f"would carry the fight's {result.old!r} over to {result.name!r}")
            yield text("nothing was recorded: add --apply to rename", "dim")
    elif outcome.command == "new-fight":
        yield from _new_fight(result)
    else:  # undo --to
        undone = [f"{i} ({c})" for i, c in zip(result.cancelled_ids, result.commands, strict=True)]
        shown = ends(undone)  # a long fight taken back: its ends, not a page of ids
        listed = (f"{len(undone)} events: " if shown is not undone else "") + ", ".join(shown)
        if result.undo_event is None:
            yield text(f"would go back to event {result.to}: undo {listed}")
            return
        yield text(f"back to event {result.to}: undid {listed}")
        yield text(
            f"erc undo cancels this undo (event {result.undo_event['id']}) and restores them"
        )


def _new_fight(result: Any) -> Iterator[Any]:
    if result.moved_to is not None:
        yield text(
            f"the fight ({counted(result.n_events, 'event')}) was moved aside to {result.moved_to}"
        )
        yield text("the next command starts a new fight at round 0 from the file")
    elif result.would_move_to is not None:
        yield text(
            f"would move the fight ({counted(result.n_events, 'event')}) aside to "
            f"{result.would_move_to}"
        )
        yield text("nothing was moved: add --apply to start a new fight", "dim")
    else:
        yield text(f"no fight is recorded in {result.journal}: nothing to move")
