"""``erc disarm ATTACKER VICTIM``: a weapon disarm or lock and the victim's reaction (R8);
``erc free NAME``: what freeing a locked weapon costs (R8.2)."""

from __future__ import annotations

from erc.cli.common import draws_dice, execute, load_encounter
from erc.dice import Mode
from erc.errors import ErcError
from erc.lookup import find, find_actor
from erc.rules import weapon_negation as rules

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


def disarm(
    attacker: Annotated[str, typer.Argument(metavar="ATTACKER")],
    victim: Annotated[str, typer.Argument(metavar="VICTIM")],
    lock: Annotated[
        bool, typer.Option("--lock", help="A weapon lock instead of a disarm (R8.2).")
    ] = False,
    resist: Annotated[
        bool | None,
        typer.Option(
            "--resist/--no-resist",
            help="Whether the victim spends its reaction to resist "
            "(default: when it has a reaction left).",
            show_default=False,
        ),
    ] = None,
    weapon: Annotated[
        str | None,
        typer.Option("--with", metavar="WEAPON", help="The attacker's melee weapon."),
    ] = None,
    target: Annotated[
        str | None,
        typer.Option(
            "--victim-weapon",
            metavar="WEAPON",
            help="The victim's weapon to lock or disarm (default: its primary one).",
        ),
    ] = None,
    advantage: AdvantageOpt = False,
    disadvantage: DisadvantageOpt = False,
    encounter: EncounterOpt = None,
    as_json: JsonOpt = False,
    seed: SeedOpt = None,
    rolls: RollsOpt = None,
    odds: OddsOpt = False,
) -> int:
    """Weapon disarm (or --lock): one d20 + Strength score + size against AC, then the
    victim's reaction: a d12 competition with the attacker at advantage."""
    enc = load_encounter(encounter)
    setup = rules.negation(
        find_actor(enc, attacker),
        find(enc, victim),
        lock=lock,
        resist=resist,
        weapon=weapon,
        target_weapon=target,
        mode=Mode.of(advantage, disadvantage),
    )
    exact = None
    if odds:
        from erc.odds import as_odds
        from erc.odds.weapon_negation import disarm_odds

        exact = as_odds(disarm_odds(setup))
    rolling = draws_dice(odds, seed, rolls)
    return execute(
        "disarm",
        lambda dice: rules.resolve(setup, dice if rolling else None, exact),
        as_json=as_json,
        seed=seed,
        rolls=rolls,
        encounter=enc,
        human="disarm",
        draws=rolling,
    )


def free(
    name: Annotated[str, typer.Argument(metavar="NAME", help="The wielder of the locked weapon.")],
    weapon: Annotated[
        str | None,
        typer.Option("--with", metavar="WEAPON", help="The locked weapon (default: primary)."),
    ] = None,
    encounter: EncounterOpt = None,
    as_json: JsonOpt = False,
) -> int:
    """What freeing a locked weapon costs: 2 attack dice from the next action (R8.2)."""
    enc = load_encounter(encounter)
    wielder = find(enc, name)
    locked = sorted(wielder.locked_weapons)
    if locked and weapon is None:
        weapon = locked[0]  # the journal knows which weapon is locked
    elif locked and weapon is not None and weapon.casefold() not in {w.casefold() for w in locked}:
        raise ErcError(
            "not-locked",
            f"{wielder.name}'s {weapon} is not locked; the journal has {', '.join(locked)} locked",
            enc.path,
        )
    return execute(
        "free",
        lambda _dice: rules.free_cost(wielder, weapon),
        as_json=as_json,
        seed=None,
        rolls=None,
        encounter=enc,
        human="disarm",
        draws=False,
    )
