"""``erc sneak ATTACKER VICTIM``: a sneak attack (R6.1-R6.5); ``--drop`` holds the damage
(R6.6)."""

from __future__ import annotations

from dataclasses import replace

from erc.cli.common import draws_dice, execute, load_encounter
from erc.dice import Dice
from erc.lookup import find, find_actor

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Annotated


if TYPE_CHECKING:
    import typer

    from erc.cli.options import DisadvantageOpt, EncounterOpt, JsonOpt, OddsOpt, RollsOpt, SeedOpt


def sneak(
    attacker: Annotated[str, typer.Argument(metavar="ATTACKER", help="Who sneak attacks.")],
    victim: Annotated[str, typer.Argument(metavar="VICTIM", help="The unaware victim.")],
    weapon: Annotated[
        str | None,
        typer.Option(
            "--with",
            metavar="WEAPON",
            help="A ranged, light or reach weapon, or one marked sneak (default: primary).",
        ),
    ] = None,
    stealth_dc: Annotated[
        int | None,
        typer.Option(
            "--stealth-dc",
            min=0,
            max=100,
            metavar="N",
            help="Melee approach: the DC of the victim's second Perception check (R6.3).",
        ),
    ] = None,
    drop: Annotated[
        bool, typer.Option("--drop", help="Get the drop: roll, and hold the damage (R6.6).")
    ] = False,
    advantage: Annotated[
        bool,
        typer.Option(
            "--advantage",
            help="Already at advantage for another reason: only the sneak die is added.",
        ),
    ] = False,
    disadvantage: DisadvantageOpt = False,
    odds: OddsOpt = False,
    encounter: EncounterOpt = None,
    as_json: JsonOpt = False,
    seed: SeedOpt = None,
    rolls: RollsOpt = None,
) -> int:
    """A sneak attack: the attack with the advantage die and the sneak die, the victim's
    second Perception check on a melee approach, and the shock of a heavy blow."""
    from erc.rules import sneak as rules  # here, so other commands start without it

    loaded = load_encounter(encounter)
    setup = rules.prepare(
        find_actor(loaded, attacker),
        find(loaded, victim),
        weapon=weapon,
        stealth_dc=stealth_dc,
        advantage=advantage,
        disadvantage=disadvantage,
        drop=drop,
        advantage_damage=loaded.rules.advantage_damage,
    )
    draws = draws_dice(odds, seed, rolls)

    def resolve(dice: Dice) -> rules.Sneak:
        result = rules.resolve(dice, setup) if draws else rules.unresolved(setup)
        if not odds:
            return result
        from erc.odds.sneak import sneak_odds

        return replace(result, odds=sneak_odds(setup))

    return execute(
        "sneak",
        resolve,
        as_json=as_json,
        seed=seed,
        rolls=rolls,
        encounter=loaded,
        human="sneak",
        draws=draws,
    )
