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
    for side in r.sides:
        grid.add_row(text(side.side), str(side.wins), _pct(side.p_win), _interval(side.interval))
    grid.add_row(text("draw", "dim"), str(r.draws), _pct(r.p_draw), _interval(r.draw_interval))
    yield grid
    settings = r.settings
    yield text(f"target {settings['target']}, a draw after {settings['max_rounds']} rounds", "dim")
    if r.exact_duel is not None:
        shown = ", ".join(f"{side} {_pct(v['p'])}" for side, v in r.exact_duel.win.items())
        yield text(
            f"exact (--json has the fractions): {shown}, draw {_pct(r.exact_duel.draw['p'])}"
        )
    rounds = r.fight_rounds
    yield text(
        f"rounds: mean {rounds.mean:.2f}, median {rounds.median}, 90th percentile {rounds.p90}"
    )
    yield from _chart(rounds.histogram, r.n)
    people = table(None, "combatant", "side", "standing at end", "damage dealt", "damage taken")
    for c in r.combatants:
        people.add_row(
            text(c.name),
            text(c.side),
            _pct(c.p_standing),
            f"{c.mean_damage_dealt:.1f}",
            f"{c.mean_damage_taken:.1f}",
        )
    yield people
    yield text(f"damage is {r.health_word} lost, a mean per fight", "dim")
    for e in r.expect:
        verdict = "met" if e.met else "MISSED"
        yield text(
            f"expect {e.side} >= {e.min_chance:g}: {verdict} ({_pct(e.p_win)}, "
            f"95% interval {_interval(e.interval)})",
            "" if e.met else "bold red",
        )


def _chart(histogram: Any, n: int) -> Iterator[Any]:
    """A bar per number of rounds (grouped when there are many)."""
    if not histogram:
        return
    low, high = histogram[0][0], histogram[-1][0]
    width = max(1, -(-(high - low + 1) // MOST_ROWS))
    bins: dict[int, int] = {}
    for rounds, fights in histogram:
        start = low + (rounds - low) // width * width
        bins[start] = bins.get(start, 0) + fights
    most = max(bins.values())
    for start in range(low, high + 1, width):
        count = bins.get(start, 0)
        label = str(start) if width == 1 else f"{start}-{start + width - 1}"
        bar = "█" * max(1 if count else 0, round(BAR * count / most))
        yield text(f"{label:>7} {bar} {_pct(count / n)}")
