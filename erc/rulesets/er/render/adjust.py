"""Human output of the GM's adjustments (``damage``, ``heal``, ``condition``, ``pick-up``,
``spend``): one line of what changes, then the notes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import ARROW, text
from erc.core.outcome import Outcome
from erc.rulesets.er.rules.adjust import Adjusted, Conditioned, PickedUp, Spent


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    preview = "" if outcome.applied else "  (preview: --apply records it)"
    if isinstance(result, Adjusted):
        verb = "takes" if result.kind == "damage" else "heals"
        line = text(f"{result.name} {verb} {result.dealt}", "bold")
        if result.kind == "damage" and result.resistance != "none":
            line.append_text(text(f" ({result.amount} {result.damage_type}, {result.resistance})"))
        body = Text(f": Body {result.body_before} {ARROW} {result.body_after}")
        if result.down:
            body.append(" down", "bold red")
        line.append_text(body)
    elif isinstance(result, Conditioned):
        changed = result.removed or result.added
        verb = "loses" if result.removed else "gains"
        line = text(f"{result.name} {verb} {', '.join(changed)}", "bold")
        if result.by:
            line.append_text(text(f" (by {result.by})"))
        if result.rounds:
            line.append(f" for {result.rounds} round(s)")
        line.append_text(text(f"; now: {', '.join(result.conditions_after) or 'none'}"))
    elif isinstance(result, PickedUp):
        whose = "its" if result.owner == result.name else f"{result.owner}'s"
        line = text(f"{result.name} picks up {whose} {result.weapon}", "bold")
        line.append(f": {result.movement_ft} ft of movement, {result.remaining_ft} ft left")
    else:
        assert isinstance(result, Spent)
        spent = [
            "an extra action"
            if result.extra_action
            else "its action"
            if result.spent_action
            else "",
            "its reaction" if result.spent_reaction else "",
            f"{result.ft} ft of movement" if result.ft else "",
        ]
        line = text(f"{result.name} spends {', '.join(s for s in spent if s)}", "bold")
    line.append(preview, "dim")
    yield line
    for note in result.notes:
        yield text(f"note: {note}", "dim")
