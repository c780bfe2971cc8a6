"""Human output of ``erc roll``: the dice, the roll written out, and with ``--odds`` the
distribution as a bar chart."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.text import Text

from erc.core.human import BAR, table, text
from erc.core.outcome import Outcome
from erc.core.roller.roll import RollResult

BAR_WIDTH = 40
MAX_BARS = 60
"""A distribution longer than this is drawn in bands of equal width."""


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if isinstance(result, RollResult):
        yield from _rolled(result)
    if outcome.odds is not None:
        yield from _odds(outcome.odds, result.vs is not None)


def _rolled(result: RollResult) -> Iterator[Any]:
    happened = [_happened(die) for die in result.dice]
    columns = ["term", "die", "value", "kept"] + (["what happened"] if any(happened) else [])
    grid = table(None, *columns)
    for die, said in zip(result.dice, happened, strict=True):
        cells: list[Text | str] = [
            text(die.term),
            f"d{die.die}",
            str(die.value),
            "yes" if die.kept else Text("no", "dim"),
        ]
        grid.add_row(*cells, *([said] if any(happened) else []))
    if result.dice:
        yield grid
    line = text(f"{result.expression} = {result.total}", "bold")
    if result.successes is not None:
        line.append(f"   {result.successes} reaching {result.vs}")
    if result.capped:
        line.append("   (an explosion stopped at the depth limit)")
    yield line
    yield text(result.text, "dim")


def _happened(die: Any) -> str:
    said = []
    if die.rerolled_from:
        said.append("rerolled from " + ", ".join(map(str, die.rerolled_from)))
    if die.clamped_from is not None:
        said.append(f"was {die.clamped_from}")
    if die.exploded:
        said.append("exploded")
    if die.from_explosion:
        said.append("added by an explosion")
    return "; ".join(said)


def _odds(odds: Mapping[str, Any], successes: bool) -> Iterator[Any]:
    what = "successes" if successes else "total"
    head = Text(f"odds of the {what}: mean {odds['mean']:.3f}", "bold")
    for n, p in odds["at_least"].items():
        head.append(f"   {n} or more: {p:.2%}")
    if odds["truncated"]:
        head.append(f"   explosions cut at the depth limit: {odds['truncated']:.2e}")
    yield head
    rows = _bands(odds["distribution"])
    top = max((p for _, p in rows), default=0.0) or 1.0
    grid = table(None, what, "chance", "")
    for label, p in rows:
        grid.add_row(label, f"{p:.2%}", Text(BAR * round(BAR_WIDTH * p / top), "cyan"))
    yield grid


def _bands(distribution: Mapping[str, float]) -> list[tuple[str, float]]:
    """The distribution's rows, merged into at most ``MAX_BARS`` bands of equal width."""
    items = sorted((int(k), p) for k, p in distribution.items())
    if len(items) <= MAX_BARS:
        return [(str(k), p) for k, p in items]
    low, high = items[0][0], items[-1][0]
    width = -(-(high - low + 1) // MAX_BARS)
    bands: dict[int, float] = {}
    for k, p in items:
        start = low + (k - low) // width * width
        bands[start] = bands.get(start, 0.0) + p
    return [(f"{s}-{s + width - 1}", p) for s, p in sorted(bands.items())]
