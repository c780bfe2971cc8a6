"""``erc simulate``: how will this fight go? Whole fights played by the rules, N times.

Parse, load, run, render: the fight model and the loop are ``erc.core.simulate`` and each
ruleset's ``simulate`` module; the numbers a run reports are worked out here from the
fights it returns (``report``).
"""

from __future__ import annotations

from enum import StrEnum

from erc.core.errors import ErcError
from erc.core.outcome import Outcome
from erc.core.value import Value

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Annotated, Any

    import typer

    from erc.cli.options import EncounterOpt, JsonOpt, SeedOpt
    from erc.core.simulate import Fight, Settings


class Target(StrEnum):
    weakest = "weakest"
    random = "random"
    strongest = "strongest"


MAX_FIGHTS = 10_000_000
RENDER = "erc.cli.render.simulate"


class SideOdds(Value):
    side: str
    wins: int
    p_win: float
    interval: tuple[float, float]
    """95% Wilson interval of ``p_win``."""


class Rounds(Value):
    mean: float
    median: int
    p90: int
    histogram: tuple[tuple[int, int], ...]
    """``(rounds, fights)`` for each number of rounds a fight lasted."""


class CombatantOdds(Value):
    name: str
    side: str
    p_standing: float
    """The chance to be standing when the fight ends."""
    mean_damage_dealt: float
    mean_damage_taken: float


class ExactOdds(Value):
    """``--exact``: each as ``{p, exact}`` (a float and its fraction ``"a/b"``): ``win``
    by side, and the ``draw``."""

    win: dict[str, dict[str, Any]]
    draw: dict[str, Any]


class Expectation(Value):
    side: str
    at_least: float
    p_win: float
    interval: tuple[float, float]
    met: bool


class SimulateResult(Value):
    encounter: str | None
    ruleset: str
    n: int
    seed: int
    settings: dict[str, Any]
    """The model's settings: ``target``, ``max_rounds`` and the file's house rules."""
    sides: tuple[SideOdds, ...]
    draws: int
    p_draw: float
    draw_interval: tuple[float, float]
    fight_rounds: Rounds
    """How many rounds the fights lasted."""
    combatants: tuple[CombatantOdds, ...]
    health_word: str
    exact_duel: ExactOdds | None = None
    """``--exact``: the duel's exact chances."""
    expect: tuple[Expectation, ...] = ()


class TraceResult(Value):
    """``--trace K``: fight K as erc command lines (``--rolls``, ``--apply``), and the
    ``erc status`` they leave."""

    fight: int
    seed: int
    lines: tuple[str, ...]
    winner: str | None
    round: int
    """The round the fight ended in."""
    final_status: Any
    """``erc status --json``'s result at the end of the fight."""


def simulate(
    encounter: EncounterOpt = None,
    n: Annotated[
        int,
        typer.Option("-n", min=1, max=MAX_FIGHTS, metavar="N", help="Fights to play."),
    ] = 1000,
    seed: SeedOpt = None,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            min=0,
            max=256,
            metavar="J",
            help="Processes to play them in (0: one per core); the output is the same for any J.",
        ),
    ] = 1,
    target: Annotated[
        Target,
        typer.Option("--target", help="The foe each attacker picks (default: the weakest)."),
    ] = Target.weakest,
    max_rounds: Annotated[
        int,
        typer.Option("--max-rounds", min=1, max=10_000, metavar="R", help="A draw after R rounds."),
    ] = 100,
    exact: Annotated[
        bool,
        typer.Option("--exact", help="Exact chances of a duel (one combatant a side)."),
    ] = False,
    expect: Annotated[
        list[str] | None,
        typer.Option(
            "--expect",
            metavar="SIDE>=P",
            help="Exit 1 unless SIDE wins with a chance of at least P (0 to 1; repeatable).",
        ),
    ] = None,
    trace: Annotated[
        int | None,
        typer.Option(
            "--trace",
            min=1,
            max=MAX_FIGHTS,
            metavar="K",
            help="Print fight K as erc command lines with --rolls and --apply.",
        ),
    ] = None,
    as_json: JsonOpt = False,
) -> Outcome:
    """Play the encounter's fight N times by the rules (seeded), and report each side's
    chance to win, the rounds it takes and how each combatant fares."""
    from erc.core import simulate as sim
    from erc.core.dice import new_seed, parse_seed

    if not encounter:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    given = parse_seed(seed)
    ruleset, base, model = sim.loaded_parts(encounter)
    sides = sim.sides_of(base)
    if len(sides) < 2:
        raise ErcError(
            "one-side",
            f"every combatant is on one side ({', '.join(sides) or 'none'}): "
            "there is no fight to simulate (give the foes a side of their own)",
            encounter,
        )
    wanted = parse_expectations(expect or [], sides)
    settings = sim.Settings(target.value, max_rounds)
    used = given if given is not None else new_seed()
    duel = _duel(ruleset, base, model, settings, used) if exact else None
    if trace is not None:
        return _trace(encounter, ruleset, base, model, settings, used, trace)
    progress = _progress(n, as_json)
    try:
        fights = sim.run(encounter, settings, used, n, _jobs(jobs), progress)
    finally:
        progress(-1)
    result = report(
        base, model, fights, seed=used, settings=settings, wanted=wanted, path=encounter
    )
    if duel is not None:
        result = _with_exact(result, duel, settings, sides)
    code = 0 if all(e.met for e in result.expect) else 1
    return Outcome("simulate", result, RENDER, base, code=code)


def _jobs(jobs: int) -> int:
    import os

    return jobs or os.cpu_count() or 1


def parse_expectations(texts: Sequence[str], sides: Sequence[str]) -> list[tuple[str, float]]:
    """``--expect SIDE>=P``: a side of the file and a chance from 0 to 1."""
    out = []
    for text in texts:
        side, sign, number = text.partition(">=")
        side = side.strip()
        if not sign:
            raise ErcError("bad-expect", f"--expect {text!r}: expected SIDE>=P, e.g. party>=0.6")
        try:
            p = float(number)
        except ValueError:
            p = -1.0
        if not 0 <= p <= 1:
            raise ErcError(
                "bad-expect", f"--expect {text!r}: the chance must be a number from 0 to 1"
            )
        found = [s for s in sides if s.casefold() == side.casefold()]
        if not found:
            raise ErcError(
                "bad-expect",
                f"--expect {text!r}: no side {side!r} in the file; its sides: " + ", ".join(sides),
            )
        out.append((found[0], p))
    return out


def report(
    base: Any,
    model: Any,
    fights: Sequence[Fight],
    *,
    seed: int,
    settings: Settings,
    wanted: Sequence[tuple[str, float]],
    path: str,
) -> SimulateResult:
    from erc.core.simulate import percentile, side_key, sides_of, wilson

    n = len(fights)
    sides = sides_of(base)
    wins = [0] * len(sides)
    for fight in fights:
        if fight.winner >= 0:
            wins[fight.winner] += 1
    draws = n - sum(wins)
    odds = tuple(
        SideOdds(side, k, _r(k / n), _pair(wilson(k, n)))
        for side, k in zip(sides, wins, strict=True)
    )
    rounds = sorted(f.rounds for f in fights)
    counts: dict[int, int] = {}
    for r in rounds:
        counts[r] = counts.get(r, 0) + 1
    people = []
    for i, c in enumerate(base.combatants):
        people.append(
            CombatantOdds(
                c.name,
                side_key(c),
                _r(sum(f.standing[i] for f in fights) / n),
                _r(sum(f.dealt[i] for f in fights) / n),
                _r(sum(f.taken[i] for f in fights) / n),
            )
        )
    by_side = {o.side: o for o in odds}
    expectations = tuple(
        Expectation(side, p, by_side[side].p_win, by_side[side].interval, by_side[side].p_win >= p)
        for side, p in wanted
    )
    return SimulateResult(
        encounter=getattr(base, "name", None),
        ruleset=base.ruleset,
        n=n,
        seed=seed,
        settings={
            "target": settings.target,
            "max_rounds": settings.max_rounds,
            "rules": base.rules,
        },
        sides=odds,
        draws=draws,
        p_draw=_r(draws / n),
        draw_interval=_pair(wilson(draws, n)),
        fight_rounds=Rounds(
            _r(sum(rounds) / n),
            percentile(rounds, 0.5),
            percentile(rounds, 0.9),
            tuple(sorted(counts.items())),
        ),
        combatants=tuple(people),
        health_word=model.health_word,
        expect=expectations,
    )


def _r(x: float) -> float:
    return round(x, 6)


def _pair(pair: tuple[float, float]) -> tuple[float, float]:
    return (_r(pair[0]), _r(pair[1]))


def _duel(ruleset: Any, base: Any, model: Any, settings: Settings, seed: int) -> Any:
    """``--exact``: the duel's exact pieces, or a clear refusal."""
    from erc.core.simulate import Table

    combatants = base.combatants
    if len(combatants) != 2:
        raise ErcError(
            "exact-needs-duel",
            f"--exact is for a duel, one combatant a side; this file has {len(combatants)} "
            "combatants: simulate without --exact",
        )
    a, b = combatants
    for who in (a, b):
        if who.conditions:
            names = ", ".join(c.name for c in who.conditions)
            raise ErcError(
                "exact-refused",
                f"--exact: {who.name} starts {names}, which changes as the fight goes on, so "
                "the duel's turns depend on more than health: simulate without --exact",
            )
    table = Table(ruleset, base, model=model, settings=settings, seed=seed, fight=0)
    duel = model.duel(table, a.name, b.name)
    if isinstance(duel, str):
        raise ErcError("exact-refused", f"--exact: {duel}: simulate without --exact")
    return duel


def _with_exact(
    result: SimulateResult, duel: Any, settings: Settings, sides: Sequence[str]
) -> SimulateResult:
    from erc.core.simulate import exact
    from erc.core.value import replace

    p_a, p_b, p_draw = exact(duel, settings.max_rounds)
    return replace(
        result,
        exact_duel=ExactOdds(
            {sides[0]: _fraction(p_a), sides[1]: _fraction(p_b)}, _fraction(p_draw)
        ),
    )


def _fraction(value: Any) -> dict[str, Any]:
    return {"p": _r(float(value)), "exact": f"{value.numerator}/{value.denominator}"}


def _trace(
    path: str, ruleset: Any, base: Any, model: Any, settings: Settings, seed: int, k: int
) -> Outcome:
    import shlex

    from erc.core.simulate import Table, play, sides_of

    table = Table(ruleset, base, model=model, settings=settings, seed=seed, fight=k, trace=True)
    fight = play(table)
    lines = []
    for step in table.steps or ():
        words = ["erc", step.words[0], "-e", path, *step.words[1:]]
        if step.rolls:
            words += ["--rolls", ",".join(map(str, step.rolls))]
        lines.append(" ".join(shlex.quote(w) for w in [*words, "--apply"]))
    status = ruleset.part("status").status(table)
    winner = sides_of(base)[fight.winner] if fight.winner >= 0 else None
    result = TraceResult(k, seed, tuple(lines), winner, fight.rounds, status)
    return Outcome("simulate", result, RENDER, base)


def _progress(n: int, as_json: bool) -> Callable[[int], None]:
    """A progress bar on a terminal for a run past a second (never with --json or in a
    pipe); called with fights done, and -1 at the end."""
    import sys

    if as_json or not (sys.stdout.isatty() and sys.stderr.isatty()):
        return lambda done: None
    import time

    start = time.monotonic()
    state: dict[str, Any] = {"done": 0, "bar": None, "task": None}

    def update(done: int) -> None:
        bar = state["bar"]
        if done < 0:
            if bar is not None:
                bar.stop()
            return
        state["done"] += done
        if bar is None and time.monotonic() - start > 1.0:
            from rich.console import Console
            from rich.progress import Progress

            bar = state["bar"] = Progress(console=Console(file=sys.stderr), transient=True)
            state["task"] = bar.add_task("fights", total=n)
            bar.start()
        if bar is not None:
            bar.update(state["task"], completed=state["done"])

    return update
