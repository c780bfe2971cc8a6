"""``erc attack ATTACKER TARGET...``: one attack, every strike of the chosen pools (R5)."""

from __future__ import annotations

from dataclasses import replace
from enum import StrEnum

from erc.cli.common import draws_dice, execute, load_encounter
from erc.dice import Dice, Mode
from erc.errors import ErcError
from erc.lookup import find_actor, find_all

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
        OddsOpt,
        RollsOpt,
        SeedOpt,
    )


class Pool(StrEnum):
    primary = "primary"
    off = "off"
    savage = "savage"


def parse_split(text: str) -> tuple[str, tuple[int, ...]]:
    """``"2,1"`` (the primary pool) or ``"savage:1,1"`` -> ``(pool, (dice, ...))``."""
    pool, _, sizes = text.rpartition(":")
    pool = pool.strip().casefold() or "primary"
    if pool not in Pool.__members__:
        raise ErcError("bad-split", f"--split {text!r}: no pool called {pool!r}")
    parts = [p.strip() for p in sizes.split(",")]
    if not all(p.isascii() and p.isdigit() and len(p) <= 2 for p in parts):
        raise ErcError(
            "bad-split",
            f"--split {text!r}: expected dice per part such as 2,1 (or savage:1,1)",
        )
    return pool, tuple(int(p) for p in parts)


def attack(
    attacker: Annotated[str, typer.Argument(metavar="ATTACKER", help="Who attacks.")],
    targets: Annotated[
        list[str],
        typer.Argument(
            metavar="TARGET...",
            help="Targets in order: strike k (primary, off, savage; split parts in order) "
            "strikes target k; the last target takes the strikes left over.",
        ),
    ],
    weapon: Annotated[
        str | None,
        typer.Option("--with", metavar="WEAPON", help="The primary pool's weapon."),
    ] = None,
    pools: Annotated[
        list[Pool] | None,
        typer.Option(
            "--pool", help="A pool to strike with (repeatable); default: every pool with dice."
        ),
    ] = None,
    split: Annotated[
        str | None,
        typer.Option(
            "--split",
            metavar="[POOL:]N,N...",
            help="Split a pool's dice into parts, one strike per part (spinning moves); "
            "default pool: primary.",
        ),
    ] = None,
    advantage: AdvantageOpt = False,
    disadvantage: DisadvantageOpt = False,
    odds: OddsOpt = False,
    encounter: EncounterOpt = None,
    as_json: JsonOpt = False,
    seed: SeedOpt = None,
    rolls: RollsOpt = None,
) -> int:
    """Resolve one attack: every strike of the attacker's pools against its targets."""
    from erc.rules import attack as rules  # here, so other commands start without it

    loaded = load_encounter(encounter)
    plan = rules.plan_attack(
        find_actor(loaded, attacker),
        find_all(loaded, targets),
        weapon=weapon,
        pools=[p.value for p in pools] if pools else None,
        split=parse_split(split) if split is not None else None,
        mode=Mode.of(advantage, disadvantage),
        advantage_damage=loaded.rules.advantage_damage,
    )
    draws = draws_dice(odds, seed, rolls)

    def resolve(dice: Dice) -> rules.Attack:
        result = rules.resolve(dice, plan) if draws else rules.unresolved(plan)
        if not odds:
            return result
        from erc.odds.attack import contract, exact

        return replace(result, odds=contract(exact(plan)))

    return execute(
        "attack",
        resolve,
        as_json=as_json,
        seed=seed,
        rolls=rolls,
        encounter=loaded,
        human="attack",
        draws=draws,
    )
