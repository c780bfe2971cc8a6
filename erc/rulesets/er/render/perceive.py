"""Human output of ``erc perceive``; ``check_cells`` also serves roll-init's surprise table."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import clean, table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.rules.surprise import Awareness

COLUMNS = ("name", "d20", "mod", "total", "DC", "result", "why")


def signed(value: int) -> Text:
    """``+2``, ``-2``; a zero dim, so the parts that matter stand out."""
    return Text(f"{value:+d}", style="" if value else "dim")


def check_cells(check: Awareness) -> list[Text]:
    """One check as table cells: who, the dice (kept one bold), modifier, total, DC, result."""
    dice = Text()
    for i, die in enumerate(check.dice):
        dice.append(("  " if i else "") + str(die.value), style="bold" if die.kept else "dim")
    if not check.dice:
        dice = Text("no roll", style="dim")
    why = [f"{p.why} +{p.dc}" for p in check.penalties]
    if check.foreknowledge:
        why.insert(0, "foreknowledge")
    if check.scan:
        why.insert(0, "scanning +4 on the roll")
    if check.no_roll:
        why.append(check.no_roll)
    result = (
        Text("success", style="bold green") if check.success else Text("fails", style="bold red")
    )
    return [
        text(check.name, "bold"),
        dice,
        signed(check.modifier),
        Text("" if check.total is None else str(check.total)),
        Text(str(check.dc)),
        result,
        Text(clean(", ".join(why))),
    ]


def render(outcome: Outcome) -> Iterator[Any]:
    check: Awareness = outcome.result
    at = f" at {check.advantage}" if check.advantage != "normal" else ""
    kind = "Surprise check (R4.4)" if check.surprise_check else "Perception check"
    grid = table(f"{kind}{at}", *COLUMNS)
    grid.add_row(*check_cells(check))
    yield grid
    if check.surprise_check and not check.success:
        yield text(
            f"{check.name} is surprised for the rest of this round: no action, no movement, "
            "no reaction (R4.3, R4.4)"
        )
