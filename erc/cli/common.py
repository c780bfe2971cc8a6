"""What every resolving command shares: its options and ``execute``."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer

from erc.dice import Dice, PhysicalSource, SeededSource, new_seed, parse_rolls
from erc.errors import ErcError
from erc.render import Outcome
from erc.rules.model import Encounter

EncounterOpt = Annotated[
    str | None,
    typer.Option(
        "--encounter",
        "-e",
        envvar="ERC_ENCOUNTER",
        show_envvar=True,
        help="The encounter file (YAML).",
        metavar="FILE",
    ),
]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON document.")]
SeedOpt = Annotated[
    int | None,
    typer.Option(
        "--seed",
        envvar="ERC_SEED",
        show_envvar=True,
        min=0,
        max=2**63 - 1,
        help="Seed the dice: the same seed gives the same result.",
    ),
]
RollsOpt = Annotated[
    str | None,
    typer.Option(
        "--rolls",
        metavar="N,N,...",
        help="Physical dice read at the table, in the documented order.",
    ),
]


def load_encounter(path: str | None) -> Encounter:
    from erc.encounter import load

    if not path:
        raise ErcError("no-encounter", "no encounter file: give -e FILE or set ERC_ENCOUNTER")
    return load(path)


def execute(
    command: str,
    resolve: Callable[[Dice], Any],
    *,
    as_json: bool,
    seed: int | None,
    rolls: str | None,
    encounter: Encounter | None = None,
    human: str | None = None,
    draws: bool = True,
) -> int:
    """Draw dice from the chosen source, resolve, check the rolls, and print the outcome.

    ``draws=False`` (``--odds`` alone) resolves with no dice source at all.
    """
    if seed is not None and rolls is not None:
        raise ErcError("usage", "give --seed or --rolls, not both")
    physical = PhysicalSource(parse_rolls(rolls)) if rolls is not None else None
    used_seed: int | None = None
    if physical is not None:
        dice = Dice(physical)
    else:
        used_seed = seed if seed is not None else (new_seed() if draws else None)
        dice = Dice(SeededSource(used_seed or 0))
    result = resolve(dice)
    if physical is not None:
        physical.check_all_used()
    outcome = Outcome(command, result, encounter, used_seed, tuple(dice.rolls))
    emit(outcome, as_json, human or command.replace("-", "_"))
    return 0


def emit(outcome: Outcome, as_json: bool, human: str) -> None:
    if as_json:
        from erc.render.envelope import encode, envelope

        sys.stdout.write(encode(envelope(outcome)).decode())
    else:
        from erc.render.human import show

        show(outcome, human)
    if hasattr(sys.stdout, "flush"):
        sys.stdout.flush()


def env_flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


OddsOpt = Annotated[
    bool,
    typer.Option("--odds", help="Exact probabilities; alone it draws no dice."),
]
AdvantageOpt = Annotated[bool, typer.Option("--advantage", help="Roll at advantage (R1.5).")]
DisadvantageOpt = Annotated[
    bool, typer.Option("--disadvantage", help="Roll at disadvantage (R1.5).")
]
