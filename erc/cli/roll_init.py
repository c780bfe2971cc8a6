"""``erc roll-init``: the initiative order of a round (R3); with ``--surprise``, R4."""

from __future__ import annotations

from erc.cli.common import execute, load_encounter, session
from erc.dice import DICE_BUDGET
from erc.errors import ErcError
from erc.lookup import find
from erc.rules.initiative import roll_init as resolve
from erc.rules.model import Combatant, Encounter
from erc.rules.surprise import SurpriseSetup

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Annotated


if TYPE_CHECKING:
    import typer

    from erc.cli.options import EncounterOpt, JsonOpt, RollsOpt, SeedOpt


def roll_init(
    encounter: EncounterOpt = None,
    round_: Annotated[
        int | None,
        typer.Option(
            "--round",
            min=1,
            max=100_000,
            help="The round this order is for (default: the journal's next round, or 1; "
            "--surprise: 1).",
        ),
    ] = None,
    surprise: Annotated[
        bool,
        typer.Option("--surprise", help="Round 1 after a triggering act: Perception checks (R4)."),
    ] = False,
    trigger: Annotated[
        str | None,
        typer.Option("--trigger", metavar="NAME", help="Who started the fight (aware, no roll)."),
    ] = None,
    foreknowledge: Annotated[
        list[str] | None,
        typer.Option(
            "--foreknowledge",
            metavar="NAME",
            help="Knew the trigger was coming: advantage, DC 10 (repeatable; a count "
            "group's name, e.g. Bandit, names all of it).",
        ),
    ] = None,
    noise: Annotated[
        bool | None,
        typer.Option(
            "--noise/--silent",
            help="Whether the trigger made noise, heat or smell (default: it did); "
            "sleepers get no roll after a silent one.",
        ),
    ] = None,
    as_json: JsonOpt = False,
    seed: SeedOpt = None,
    rolls: RollsOpt = None,
) -> int:
    """Roll initiative: d10 + Agility modifier + other modifiers + weapon and armour.

    Dice for --rolls, in order: with --surprise the Perception d20s in file order (two for
    foreknowledge), then one d10 per combatant in file order, then the tie-break d20s.
    """
    loaded = load_encounter(encounter)
    if not loaded.combatants:
        raise ErcError("no-combatants", "the encounter has no combatants", loaded.path)
    current = session()
    state = current.state
    number = round_ if round_ is not None else (state.round + 1 if state else 1)
    if state is not None and current.apply and number <= state.round:
        raise ErcError(
            "round-started",
            f"round {number} has already started in the journal (now round {state.round}); "
            "roll-init --apply starts the next one",
            loaded.path,
        )
    if state is not None and number > state.round:
        # R3.4, R4.4: the new round's order sees surprise over and incapacitation ticked
        loaded = current.next_round(number)
    setup = _setup(loaded, number, surprise, trigger, foreknowledge or [], noise)
    # house rule `initiative: keep`: later rounds keep the journal's last dice
    keep = loaded.rules.initiative == "keep" and state is not None and not surprise
    kept = state.initiative if keep and state is not None and number > 1 else None
    return execute(
        "roll-init",
        lambda dice: resolve(dice, loaded.combatants, round=number, setup=setup, kept=kept),
        # a d10 and two Perception dice each, with room for roll-offs
        budget=DICE_BUDGET + 4 * len(loaded.combatants),
        as_json=as_json,
        seed=seed,
        rolls=rolls,
        encounter=loaded,
        human="initiative",
    )


def _setup(
    encounter: Encounter,
    round_: int,
    surprise: bool,
    trigger: str | None,
    foreknowledge: list[str],
    noise: bool | None,
) -> SurpriseSetup | None:
    """The surprise options checked together: they mean something only with --surprise."""
    if not surprise:
        given = [
            flag
            for flag, present in (
                ("--trigger", trigger is not None),
                ("--foreknowledge", bool(foreknowledge)),
                ("--noise/--silent", noise is not None),
            )
            if present
        ]
        if given:
            verb = "needs" if len(given) == 1 else "need"
            raise ErcError("bad-option", f"{' and '.join(given)} {verb} --surprise")
        return None
    if round_ != 1:
        raise ErcError(
            "bad-option",
            f"--surprise is for round 1 (R4: surprise lasts the first round), not round {round_}",
        )
    if trigger is None:
        raise ErcError("bad-option", "--surprise needs --trigger NAME: who started the fight")
    who = find(encounter, trigger)
    knew = {c.name for name in foreknowledge for c in _named(encounter, name)}
    if who.name in knew:
        raise ErcError(
            "bad-option",
            f"{who.name} is the trigger (aware, no roll) and cannot also be in --foreknowledge",
        )
    return SurpriseSetup(who.name, frozenset(knew), noise is not False)


def _named(encounter: Encounter, name: str) -> list[Combatant]:
    """One combatant, or every member of a ``count`` group by the group's name
    (``Bandit`` for ``Bandit 1``, ``Bandit 2``, ...); otherwise ``find``'s errors."""
    try:
        return [find(encounter, name)]
    except ErcError as error:
        if error.code != "ambiguous-combatant":
            raise
        stem = name.strip().casefold() + " "
        group = [
            c
            for c in encounter.combatants
            if c.name.casefold().startswith(stem) and c.name.casefold()[len(stem) :].isdigit()
        ]
        matches = [c for c in encounter.combatants if c.name.casefold().startswith(stem[:-1])]
        if group and len(group) == len(matches):
            return group
        raise
