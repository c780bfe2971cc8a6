"""Human output of ``erc simulate``: each side's chance to win, the rounds (with a bar
chart), how each combatant fares; ``--trace``: the fight's command lines."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from erc.core.human import table, text
from erc.core.outcome import Outcome
from erc.core.text import safe

BAR = 40
"""The widest bar of the rounds chart, in characters."""
MOST_ROWS = 16
ELLIPSIS = "…"
"""What rich puts where it cuts a cell short."""


def lines(outcome: Outcome) -> Iterator[str]:
    """``--trace``: plain command lines, ready for a shell or ``erc batch``."""
    result = outcome.result
    if hasattr(result, "lines"):
        # the header is a comment to ``erc batch``: a side's label (any text) stays on it
        side = safe(result.winner).replace("\n", "\\n")
        ending = f"{side} wins" if result.winner else "a draw"
        yield f"# fight {result.fight} of seed {result.seed}: {ending} in round {result.round}"
        yield from result.lines
        return
    from erc.core.human import console

    out = console()
    for part in render(outcome):
        with out.capture() as captured:
            out.print(part)
        yield captured.get().rstrip("\n")


def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _interval(pair: Any) -> str:
    return f"{_pct(pair[0])} to {_pct(pair[1])}"


def render(outcome: Outcome) -> Iterator[Any]:
    r = outcome.result
    title = f"{r.encounter or 'the encounter'}: {r.n} fights (seed {r.seed})"
    grid = table(title, "side", "wins", "chance", "95% interval")
    grid.columns[0].overflow = "fold"  # a long label over lines, never cut
    for side in r.sides:
        grid.add_row(text(side.side), str(side.wins), _pct(side.p_win), _interval(side.interval))
    grid.add_row(text("draw", "dim"), str(r.draws), _pct(r.p_draw), _interval(r.draw_interval))
    yield grid
    settings = r.settings
    limit = settings["max_rounds"]
    yield text(
        f"target {settings['target']}, a draw after {limit} round{'s' * (limit != 1)}", "dim"
    )
    if r.exact_duel is not None:
        shown = ", ".join(f"{side} {_pct(v['p'])}" for side, v in r.exact_duel.win.items())
        yield text(
            f"exact (--json has the fractions): {shown}, draw {_pct(r.exact_duel.draw['p'])}"
        )
    rounds = r.fight_rounds
    yield text(
        f"rounds: mean {rounds.mean:.2f}, median {rounds.median}, 90th percentile {rounds.p90}"
    )
    yield _Chart(rounds.histogram, r.n)
    yield _Fitted(r.combatants)
    yield text(f"damage is {r.health_word} lost, a mean per fight", "dim")
    for e in r.expect:
        verdict = "met" if e.met else "MISSED"
        yield text(
            f"expect {e.side} >= {e.min_chance:g}: {verdict} ({_pct(e.p_win)}, "
            f"95% interval {_interval(e.interval)})",
            "" if e.met else "bold red",
        )


class _Fitted:
    """How each combatant fares: a table where the terminal is wide enough for it whole,
    else a line each (a narrow terminal would cut the table's names and numbers)."""

    def __init__(self, combatants: Any) -> None:
        self.combatants = combatants

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        people = table(None, "combatant", "side", "standing at end", "damage dealt", "damage taken")
        cells: list[str] = []
        for c in self.combatants:
            row = (
                c.name,
                c.side,
                _pct(c.p_standing),
                f"{c.mean_damage_dealt:.1f}",
                f"{c.mean_damage_taken:.1f}",
            )
            cells += row
            people.add_row(*map(text, row))
        # rich cuts a cell it has no room for with an ellipsis: laid out at this width, the
        # table is shown only when it cut nothing (a long name wraps at a space, not cut)
        laid = console.render_lines(people, options, pad=False)
        shown = sum(segment.text.count(ELLIPSIS) for line in laid for segment in line)
        if shown == sum(cell.count(ELLIPSIS) for cell in cells):
            yield people
            return
        for c in self.combatants:
            yield text(
                f"{c.name} ({c.side}): standing at end {_pct(c.p_standing)}, damage dealt "
                f"{c.mean_damage_dealt:.1f}, taken {c.mean_damage_taken:.1f}"
            )


class _Chart:
    """A bar per number of rounds (grouped when there are many), each bar as wide as the
    terminal leaves beside its label and share (at most ``BAR``)."""

    def __init__(self, histogram: Any, n: int) -> None:
        self.histogram = histogram
        self.n = n

    def __rich_console__(self, console: Any, options: Any) -> Iterator[Any]:
        histogram, n = self.histogram, self.n
        if not histogram:
            return
        low, high = histogram[0][0], histogram[-1][0]
        width = max(1, -(-(high - low + 1) // MOST_ROWS))
        bins: dict[int, int] = {}
        for rounds, fights in histogram:
            start = low + (rounds - low) // width * width
            bins[start] = bins.get(start, 0) + fights
        most = max(bins.values())
        starts = range(low, high + 1, width)
        labels = [
            str(start) if width == 1 else f"{start}-{min(start + width - 1, high)}"
            for start in starts
        ]
        pad = max(7, *map(len, labels))
        longest = min(BAR, max(1, options.max_width - len(" 100.0%") - pad - 1))
        for start, label in zip(starts, labels, strict=True):
            count = bins.get(start, 0)
            bar = "█" * max(1 if count else 0, round(longest * count / most))
            yield text(f"{label:>{pad}} {bar} {_pct(count / n)}")
