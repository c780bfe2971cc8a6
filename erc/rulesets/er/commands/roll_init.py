"""``erc roll-init``: the initiative order of a round (R3); with ``--surprise``, R4."""

from __future__ import annotations

from erc.core.checks import choose_round
from erc.core.dice import DICE_BUDGET
from erc.core.errors import ErcError
from erc.core.lookup import find, group
from erc.core.mechanic import Mechanic, Option, command
from erc.rulesets.er import events
from erc.rulesets.er.model import Encounter
from erc.rulesets.er.rules.initiative import roll_init as resolve
from erc.rulesets.er.rules.surprise import SurpriseSetup

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.initiative``: imported only for a human table."""
    from erc.rulesets.er.render import initiative

    return initiative


@command()
def roll_init(
    loaded: Loaded,
    round_: int | None = Option(
        "--round",
        min=1,
        max=100_000,
        help="The round this order is for (default: the journal's next round, or 1; "
        "--surprise: 1).",
    ),
    surprise: bool = Option(
        "--surprise", help="Round 1 after a triggering act: Perception checks (R4)."
    ),
    trigger: str | None = Option(
        "--trigger", metavar="NAME", help="Who started the fight (aware, no roll)."
    ),
    foreknowledge: list[str] | None = Option(
        "--foreknowledge",
        metavar="NAME",
        help="Knew the trigger was coming: advantage, DC 10 (repeatable; a count "
        "group's name, e.g. Bandit, names all of it).",
    ),
    noise: bool | None = Option(
        "--noise/--silent",
        help="Whether the trigger made noise, heat or smell (default: it did); "
        "sleepers get no roll after a silent one.",
    ),
) -> Mechanic:
    """Roll initiative: d10 + Agility modifier + other modifiers + weapon and armor.

    Dice for --rolls, in order: with --surprise the Perception d20s in file order (two for
    foreknowledge), then one d10 per standing combatant in file order (one that is down rolls
    none, R3.5), then the tie-break d20s.
    """
    state = events.state_of(loaded)
    if not state.encounter.combatants:
        raise ErcError("no-combatants", "the encounter has no combatants", loaded.path)
    number = choose_round(state.round, round_, applying=loaded.txn is not None)
    # R3.4, R4.4: the new round's order sees surprise over and incapacitation ticked
    current: Encounter = (loaded.advance(number) if number > state.round else state).encounter
    setup = _setup(current, number, surprise, trigger, foreknowledge or [], noise)
    # house rule `initiative: keep`: later rounds keep the journal's last dice
    keep = current.rules.initiative == "keep" and not surprise and number > 1
    kept = (
        {name: (roll, tiebreak) for name, roll, tiebreak in state.rolls if roll} if keep else None
    )  # roll 0: it rolled none (R3.5)
    return Mechanic(
        command="roll-init",
        resolve=lambda dice: resolve(
            dice, current.combatants, round=number, setup=setup, kept=kept
        ),
        render=renderer,
        effects=events.roll_init,
        # a d10 and two Perception dice each, with room for roll-offs
        budget=DICE_BUDGET + 4 * len(current.combatants),
        event_round=number,
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
    knew = {c.name for name in foreknowledge for c in group(encounter, name)}
    if who.name in knew:
        raise ErcError(
            "bad-option",
            f"{who.name} is the trigger (aware, no roll) and cannot also be in --foreknowledge",
        )
    return SurpriseSetup(who.name, frozenset(knew), noise is not False)
