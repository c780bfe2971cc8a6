"""Human output of ``erc competition`` (and the contest table ``erc disarm`` shares)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from erc.core.human import table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.rules.checks import Side
from erc.rulesets.er.rules.competition import Competition, Entrant


def _signed(n: int) -> str:
    return f"{n:+d}"


def _mode(entrant: Entrant) -> Text:
    return Text(entrant.advantage, "bold" if entrant.advantage != "normal" else "dim")


def reasons(setup: Sequence[Entrant]) -> Iterator[Text]:
    """One line a side that rolls at advantage or disadvantage: what gave it (R7.2)."""
    for entrant in setup:
        why = (*entrant.advantage_from, *entrant.disadvantage_from)
        if why:
            line = text(entrant.name, "bold")
            line.append_text(text(f" at {entrant.advantage}: {'; '.join(why)}", "dim"))
            yield line


def contest_table(setup: Sequence[Entrant], sides: Sequence[Side], title: str | None) -> Table:
    """One row a side: its sub-attribute, advantage and why, dice, kept die, total."""
    grid = table(title, "side", "attribute", "roll", "dice", "kept", "modifier", "total")
    rolled = {side.name: side for side in sides}
    for entrant in setup:
        side = rolled.get(entrant.name)
        grid.add_row(
            text(entrant.name, "bold"),
            entrant.attribute,
            _mode(entrant),
            " ".join(str(d.value) for d in side.dice) if side else "-",
            str(side.roll) if side else "-",
            _signed(entrant.modifier),
            text(str(side.total), "bold") if side else "-",
        )
    return grid


def contest_words(won: str | None, sides: Sequence[Side]) -> Text:
    """``Pip wins 11 to 9`` or ``Tie at 9: nothing changes``."""
    totals = sorted((s.total for s in sides), reverse=True)
    if won is None:
        return Text(f"Tie at {totals[0]}: nothing changes", "bold yellow")
    line = text(won, "bold green")
    line.append(f" wins {totals[0]} to {totals[1]}")
    return line


def odds_table(odds: Mapping[str, Any], labels: Mapping[str, str]) -> Table:
    """Exact probabilities: a percentage and the fraction, one row each."""
    grid = table("odds", "outcome", "probability", "exact")
    exact = odds.get("exact", {})
    for key, label in labels.items():
        grid.add_row(text(label), f"{odds[key]:.2%}", str(exact.get(key, "")))
    return grid


def render(outcome: Outcome) -> Iterator[Any]:
    result: Competition = outcome.result
    a, b = result.setup
    if result.contested:
        yield contest_table(result.setup, result.sides, f"Competition: {a.name} vs {b.name}")
        yield from reasons(result.setup)
        if result.resolved:
            yield contest_words(result.winner, result.sides)
    if result.item is not None:
        yield text(result.item.note)
    if outcome.odds is not None:
        yield odds_table(
            outcome.odds,
            {"p_win_a": f"{a.name} wins", "p_win_b": f"{b.name} wins", "p_tie": "tie"},
        )
