"""The Typer options every command shares, declared once.

Only the full Typer path imports this module (with typer): ``erc.cli.boundary.wrap`` names
these in the annotations it adds to each command, which stay strings until ``erc.cli.app``
evaluates them, so the fast path (``erc.cli.fast``) runs a command without typer at all.
"""

from __future__ import annotations

from typing import Annotated

import typer

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
    str | None,
    typer.Option(
        "--seed",
        metavar="N",
        help="Seed the dice (0 to 2^63-1; else ERC_SEED): the same seed gives the same result.",
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

ApplyOpt = Annotated[
    bool,
    typer.Option(
        "--apply/--no-apply",
        envvar="ERC_APPLY",
        show_envvar=True,
        help="Record the result in the encounter's journal (ERC_APPLY=1: the default; "
        "--no-apply previews).",
    ),
]

KeyOpt = Annotated[
    str | None,
    typer.Option(
        "--key",
        metavar="KEY",
        help="With --apply: a key already in the journal is not applied again; the first "
        "event is reported (applied.replayed), so a script can retry safely.",
    ),
]

JournalOpt = Annotated[
    str | None,
    typer.Option(
        "--journal",
        envvar="ERC_JOURNAL",
        show_envvar=True,
        metavar="FILE",
        help="The journal (default: <encounter>.journal.jsonl beside it).",
    ),
]

OddsOpt = Annotated[
    bool,
    typer.Option("--odds", help="Exact probabilities; alone it draws no dice."),
]
