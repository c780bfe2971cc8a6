"""``erc perceive NAME``: one Perception check (R2.3), the perceiver's conditions applied."""

from __future__ import annotations

from erc.cli.common import execute, load_encounter
from erc.dice import Mode
from erc.lookup import find
from erc.rules.checks import DEFAULT_DC
from erc.rules.surprise import perceive as resolve

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Annotated


if TYPE_CHECKING:
    import typer

    from erc.cli.options import (
        AdvantageOpt,
        DisadvantageOpt,
        EncounterOpt,
        JsonOpt,
        RollsOpt,
        SeedOpt,
    )


def perceive(
    name: Annotated[str, typer.Argument(metavar="NAME", help="Who makes the check.")],
    encounter: EncounterOpt = None,
    dc: Annotated[
        int,
        typer.Option("--dc", min=0, max=100, help="The DC of the thing to notice (base 14)."),
    ] = DEFAULT_DC,
    scan: Annotated[
        bool, typer.Option("--scan", help="Actively scanning: +4 on the roll.")
    ] = False,
    advantage: AdvantageOpt = False,
    disadvantage: DisadvantageOpt = False,
    as_json: JsonOpt = False,
    seed: SeedOpt = None,
    rolls: RollsOpt = None,
) -> int:
    """One Perception check: d20 + Perception modifier against a DC (asleep, blind or deaf
    raise it by 3)."""
    loaded = load_encounter(encounter)
    who = find(loaded, name)
    mode = Mode.of(advantage, disadvantage)
    return execute(
        "perceive",
        lambda dice: resolve(dice, who, dc, scan=scan, mode=mode),
        as_json=as_json,
        seed=seed,
        rolls=rolls,
        encounter=loaded,
    )
