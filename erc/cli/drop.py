"""``erc drop HOLDER VICTIM``: inflict the damage held by getting the drop (R6.6)."""

from __future__ import annotations

from enum import StrEnum

from erc.cli.common import execute, load_encounter, session
from erc.errors import ErcError
from erc.lookup import find, find_actor

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Annotated


if TYPE_CHECKING:
    import typer

    from erc.cli.options import EncounterOpt, JsonOpt, RollsOpt, SeedOpt


class Attr(StrEnum):
    strength = "strength"
    agility = "agility"


class Damaged(StrEnum):
    body = "body"
    mind = "mind"
    spirit = "spirit"


def drop(
    holder: Annotated[str, typer.Argument(metavar="HOLDER", help="Who holds the drop.")],
    victim: Annotated[str, typer.Argument(metavar="VICTIM", help="Who the drop is on.")],
    held: Annotated[
        int | None,
        typer.Option(
            "--held",
            min=0,
            max=10_000,
            metavar="N",
            help="The damage held (default: the journal's drop).",
        ),
    ] = None,
    rounds: Annotated[
        int | None,
        typer.Option(
            "--rounds",
            min=0,
            max=10_000,
            metavar="N",
            help="Rounds of combat since the drop: Comp 20 - 1 each (default: from the "
            "journal, else 0).",
        ),
    ] = None,
    parley_minutes: Annotated[
        int,
        typer.Option(
            "--parley-minutes",
            min=0,
            max=10_000,
            metavar="N",
            help="Minutes of parley since the drop: Comp - 1 each (after any rounds).",
        ),
    ] = 0,
    foul_play: Annotated[
        bool, typer.Option("--foul-play", help="The victim has foul-play: its feat at advantage.")
    ] = False,
    resist: Annotated[
        bool | None,
        typer.Option(
            "--resist/--no-resist",
            help="Whether the victim spends its reaction on the feat (default: when it can).",
            show_default=False,
        ),
    ] = None,
    attr: Annotated[
        Attr | None,
        typer.Option("--attr", help="The victim's feat (default: its better modifier)."),
    ] = None,
    holder_damaged: Annotated[
        Damaged | None,
        typer.Option(
            "--holder-damaged",
            help="Instead: the holder took damage; its Resilience, Judgment or Muse feat "
            "against Comp 14 keeps the drop or breaks it.",
        ),
    ] = None,
    encounter: EncounterOpt = None,
    as_json: JsonOpt = False,
    seed: SeedOpt = None,
    rolls: RollsOpt = None,
) -> int:
    """Inflict held damage: the victim's Strength or Agility feat against Comp 20 (falling
    to 14 with time) halves it, never below 1; then the shock of R6.5."""
    from erc.rules import drop as rules

    loaded = load_encounter(encounter)
    who = find_actor(loaded, holder)
    mark = find(loaded, victim)
    if holder_damaged is not None:
        inflicting = [held, rounds, attr, resist, parley_minutes or None, foul_play or None]
        if any(v is not None for v in inflicting):
            raise ErcError(
                "bad-option",
                "--holder-damaged checks whether the drop holds; it inflicts nothing, so it "
                "takes none of --held, --rounds, --parley-minutes, --foul-play, --resist, --attr",
            )
        damaged = holder_damaged.value
        return execute(
            "drop",
            lambda dice: rules.hold_check(dice, who, mark, damaged),
            as_json=as_json,
            seed=seed,
            rolls=rolls,
            encounter=loaded,
            human="drop",
        )
    state = session().state
    recorded = next(
        (
            d
            for d in (state.drops if state else ())
            if (d.holder, d.victim) == (who.name, mark.name)
        ),
        None,
    )
    if held is None and recorded is None:
        raise ErcError(
            "no-drop",
            f"the journal holds no drop by {who.name} on {mark.name}: give --held N (or "
            "record one with erc sneak --drop --apply)",
        )
    notes: list[str] = [
        f"{who.name} inflicts it with its reaction (R6.6)"
        if not who.reaction_used
        else f"{who.name} has no reaction left: it inflicts it on its action (R6.6)"
    ]
    if recorded is not None and held is not None and held != recorded.damage:
        notes.append(f"--held {held} overrides the journal's {recorded.damage}")
    elapsed = rounds
    if elapsed is None:
        # R6.6: 1 per round of combat since the drop; a drop made before round 1 (R4.1)
        # has seen no round end until round 1 does
        elapsed = max(0, state.round - max(recorded.round, 1)) if state and recorded else 0
    return execute(
        "drop",
        lambda dice: rules.inflict(
            dice,
            who,
            mark,
            held if held is not None else recorded.damage if recorded else 0,
            rounds=elapsed,
            parley_minutes=parley_minutes,
            foul_play=foul_play,
            resist=resist,
            attribute=attr.value if attr else None,
            held_from="--held" if held is not None else "journal",
            notes=tuple(notes),
        ),
        as_json=as_json,
        seed=seed,
        rolls=rolls,
        encounter=loaded,
        human="drop",
    )
