"""Pieces every Elysium table shares: the opposed roll's two sides, the margin and the
winner, the AP line, notes and the odds."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.table import Table
from rich.text import Text

from erc.core.human import table, text


def parts_text(parts: Mapping[str, int]) -> Text:
    """``cunning +4, whip +3, muscle +2``."""
    return text(", ".join(f"{name} {value:+d}" for name, value in parts.items()) or "-")


def rolls_table(result: Any, title: str | None = None) -> Table:
    """One row a side: who, the die, the terms, the total."""
    grid = table(title, "side", "die", "terms", "total")
    for label, roller in (("initiator", result.initiator), ("opponent", result.opponent)):
        if roller is None:
            continue
        die = "-" if roller.roll is None else str(roller.roll)
        grid.add_row(
            text(f"{roller.name} ({label})", "bold"),
            die,
            parts_text(roller.parts),
            Text(str(roller.total), style="bold"),
        )
    return grid


def margin_text(result: Any) -> Text:
    """``Kharza wins by 5 (19 to 14)`` or ``A tie at 14: nothing changes``."""
    if result.margin is None:
        return Text("not rolled (--odds alone)", style="dim")
    a, b = result.initiator, result.opponent
    if result.winner is None:
        return Text(f"A tie at {a.total}: nothing changes (EL1.5)", style="bold yellow")
    high, low = sorted((a.total, b.total), reverse=True)
    line = text(result.winner, "bold green")
    line.append(f" wins by {abs(result.margin)} ({high} to {low})")
    return line


def ap_text(ap: Any) -> Text:
    line = text(ap.name)
    line.append(f": {ap.cost} AP ({ap.before} left -> {ap.after})", style="dim")
    return line


def notes(result: Any) -> Iterator[Text]:
    for note in result.notes:
        yield text(note)


def odds_table(odds: Mapping[str, Any] | None, hit: str = "damage dealt") -> Iterator[Table | Text]:
    """The margin's exact distribution and who wins; ``hit`` says what ``p_hit`` is."""
    if odds is None:
        return
    exact = odds.get("exact", {})
    grid = table("odds", "outcome", "probability", "exact")
    labels = {
        "p_initiator": "initiator wins",
        "p_opponent": "opponent wins",
        "p_tie": "tie",
        "p_hit": hit,
        "p_counter": "polearm counter",
    }
    for key, label in labels.items():
        if key in odds:
            grid.add_row(label, f"{odds[key]:.2%}", str(exact.get(key, "")))
    if "expected_damage" in odds:
        grid.add_row("expected damage", f"{odds['expected_damage']:.2f}", "")
    yield grid
    spread = ", ".join(f"{margin}: {p:.1%}" for margin, p in odds["margin_distribution"].items())
    yield text(f"margin (initiator minus opponent): {spread}")
