"""``erc simulate``: how will this fight go? Whole fights played by the rules, N times.

Parse, load, run, render: the fight model and the loop are ``erc.core.simulate`` and each
ruleset's ``simulate`` module; the numbers a run reports, ``erc.core.simreport``.
"""

from __future__ import annotations

from enum import StrEnum

from erc.cli.boundary import ENCOUNTER, JSON, SEED
from erc.core.errors import ErcError
from erc.core.mechanic import Option, shared
from erc.core.outcome import Outcome

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Sequence
    from typing import Any

    from erc.core.parts import Drawing


class Target(StrEnum):
    weakest = "weakest"
    random = "random"
    strongest = "strongest"


MAX_FIGHTS = 10_000_000


def renderer() -> Drawing:
    """The renderer, ``erc.cli.render.simulate``: imported only for a human table."""
    from erc.cli.render import simulate

    return simulate


@shared
def simulate(
    encounter: str | None = ENCOUNTER,
    n: int = Option("-n", min=1, max=MAX_FIGHTS, metavar="N", help="Fights to play.", default=1000),
    seed: str | None = SEED,
    jobs: int = Option(
        "--jobs",
        min=0,
        max=256,
        metavar="J",
        help="Processes to play them in (0: one per core); the output is the same for any J.",
        default=1,
    ),
    target: Target = Option(
        "--target",
        help="The foe each attacker picks: the lowest health, any at random, or the highest.",
        default=Target.weakest,
    ),
    max_rounds: int = Option(
        "--max-rounds", min=1, max=10_000, metavar="R", help="A draw after R rounds.", default=100
    ),
    exact: bool = Option("--exact", help="Exact chances of a duel (one combatant a side)."),
    expect: list[str] | None = Option(
        "--expect",
        metavar="SIDE>=P",
        help="Exit 1 unless SIDE wins with a chance of at least P (0 to 1; repeatable).",
    ),
    trace: int | None = Option(
        "--trace",
        min=1,
        max=MAX_FIGHTS,
        metavar="K",
        help="Print fight K as erc command lines with --rolls and --apply.",
    ),
    as_json: bool = JSON,
) -> Outcome:
    """Play the encounter's fight N times by the rules (seeded), and report each side's
    chance to win, the rounds it takes and how each combatant fares."""
    from erc.core import simreport, simulate as sim
    from erc.core.dice import new_seed, parse_seed

    if not encounter:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    if trace is not None and (expect or exact):
        unchecked = "--expect" if expect else "--exact"
        raise ErcError(
            "usage",
            f"--trace prints one fight instead of the run, so {unchecked} would go unchecked: "
            f"give {unchecked} without --trace",
        )
    given = parse_seed(seed)
    parts = sim.loaded_parts(encounter)
    ruleset, base, model = parts
    sides = _sides(base, encounter)
    wanted = parse_expectations(expect or [], sides)
    settings = sim.Settings(target.value, max_rounds)
    used = given if given is not None else new_seed()
    duel = simreport.exact_duel(ruleset, base, model, settings, used) if exact else None
    chances = None if duel is None else sim.exact(duel, max_rounds)  # refused before the run
    if trace is not None:
        return _traced(encounter, parts, settings=settings, seed=used, fight=trace)
    progress = _progress(n, as_json)
    tally = simreport.Tally(len(sides), len(base.combatants))
    try:
        for fights in sim.run(
            encounter, settings=settings, seed=used, n=n, jobs=_jobs(jobs), base=base
        ):
            tally.add(fights)
            progress(len(fights))
    finally:
        progress(-1)
    result = simreport.report(base, model, tally, seed=used, settings=settings, wanted=wanted)
    if chances is not None:
        result = simreport.with_exact(result, chances, sides)
    code = 0 if all(e.met for e in result.expect) else 1
    return Outcome(
        command="simulate", result=result, render=renderer, encounter=base, seed=used, code=code
    )


def _traced(
    encounter: str, parts: tuple[Any, Any, Any], *, settings: Any, seed: int, fight: int
) -> Outcome:
    """Fight ``fight`` played alone, as erc command lines (``--trace``)."""
    from erc.core import simulate as sim

    ruleset, base, model = parts
    table = sim.Table(
        ruleset=ruleset,
        base=base,
        model=model,
        settings=settings,
        seed=seed,
        fight=fight,
        trace=True,
    )
    return _trace(encounter, table)


def _sides(base: Any, path: str) -> tuple[str, ...]:
    """The file's sides: a fight needs two."""
    from erc.core.simulate import sides_of

    if not base.combatants:
        raise ErcError(
            "one-side", "the file has no combatants: there is no fight to simulate", path
        )
    labels = {c.side: c.name for c in base.combatants if c.side}
    for c in base.combatants:
        if not c.side and c.name in labels:
            raise ErcError(
                "side-clash",
                f"{c.name} has no side, and {c.name!r} is also the side of {labels[c.name]}: "
                f"the report names a combatant of no side by its name, so it cannot tell "
                f"the two apart; give {c.name} a side",
                path,
            )
    sides = sides_of(base)
    if len(sides) < 2:
        raise ErcError(
            "one-side",
            f"every combatant is on one side ({', '.join(sides) or 'none'}): "
            "there is no fight to simulate (give the foes a side of their own)",
            path,
        )
    return sides


def _jobs(jobs: int) -> int:
    import os

    return jobs or os.cpu_count() or 1


def parse_expectations(texts: Sequence[str], sides: Sequence[str]) -> list[tuple[str, float]]:
    """``--expect SIDE>=P``: a side of the file and a chance from 0 to 1."""
    out = []
    for text in texts:
        side, sign, number = text.rpartition(">=")  # a side's label may hold ">=" too
        side = side.strip()
        if not sign or not side:
            missing = "no side before >=: " if sign else ""
            raise ErcError(
                "bad-expect", f"--expect {text!r}: {missing}expected SIDE>=P, e.g. party>=0.6"
            )
        try:
            p = float(number) if number.isascii() else -1.0  # float() reads other digits too
        except ValueError:
            p = -1.0
        if not 0 <= p <= 1:
            raise ErcError(
                "bad-expect", f"--expect {text!r}: the chance must be a number from 0 to 1"
            )
        found = [s for s in sides if s == side] or [
            s for s in sides if s.casefold() == side.casefold()
        ]
        if not found:
            raise ErcError(
                "bad-expect",
                f"--expect {text!r}: no side {side!r} in the file; its sides: " + ", ".join(sides),
            )
        out.append((found[0], p))
    return out


def _trace(path: str, table: Any) -> Outcome:
    """``--trace K``: the table's fight played, as erc command lines, and its final status."""
    import shlex

    from erc.core import simreport
    from erc.core.simulate import play, sides_of

    fight = play(table)
    lines = []
    for step in table.steps or ():
        command, *rest = step.words
        names, options = _split_step(table.ruleset, command, rest)
        dashed = any(name.startswith("-") for name in names)  # "-A": a name, not an option
        words = ["erc", command, "-e", path, *([] if dashed else names), *options]
        if step.rolls:
            words += ["--rolls", ",".join(map(str, step.rolls))]
        words += ["--apply", "--", *names] if dashed else ["--apply"]
        lines.append(" ".join(shlex.quote(w) for w in words))
    status = table.ruleset.status().status(table)
    winner = sides_of(table.base)[fight.winner] if fight.winner >= 0 else None
    seed = table.seed
    result = simreport.TraceResult(
        fight=table.fight,
        seed=seed,
        lines=tuple(lines),
        winner=winner,
        round=fight.rounds,
        final_status=status,
    )
    return Outcome(
        command="simulate", result=result, render=renderer, encounter=table.base, seed=seed
    )


def _split_step(ruleset: Any, command: str, words: Sequence[str]) -> tuple[list[str], list[str]]:
    """A step's words after its command: the names (one word for each argument the command
    declares: a fight's step names one target) and its options."""
    from erc.core.mechanic import declared

    func = ruleset.command(command)
    count = sum(1 for _, d in declared(func) if d.kind == "argument") if func else 0
    return list(words[:count]), list(words[count:])


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
