"""Human output of ``erc damage``, ``erc heal`` and ``erc condition``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    line = text(result.name, "bold")
    if outcome.command == "condition":
        if result.added:
            line.append_text(text(f" +{', +'.join(result.added)}"))
        if result.removed:
            line.append_text(text(f" -{', -'.join(result.removed)}"))
        if result.by:
            line.append_text(text(f" (by {result.by})"))
        line.append_text(text(f": {', '.join(result.conditions_after) or 'no conditions'}"))
        if result.rounds:
            line.append(f" (for {result.rounds} round(s))", "dim")
    else:
        verb = "takes" if outcome.command == "damage" else "heals"
        line.append_text(
            text(f" {verb} {result.dealt}: HP {result.hp_before} -> {result.hp_after}")
        )
        if result.ex_hp_before != result.ex_hp_after:
            line.append(f", EX-HP {result.ex_hp_before} -> {result.ex_hp_after}")
        if result.down:
            line.append_text(Text(" down", "bold red"))
    if not outcome.applied:
        line.append("  (preview: --apply records it)", "dim")
    yield line
    for note in result.notes:
        yield text(f"note: {note}", "dim")
