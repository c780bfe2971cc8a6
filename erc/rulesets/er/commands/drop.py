"""``erc drop HOLDER VICTIM``: inflict the damage held by getting the drop (R6.6)."""

from __future__ import annotations

from enum import StrEnum

from erc.core.errors import ErcError
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.er import events
from erc.rulesets.er.commands import EXTRA_ACTION
from erc.rulesets.er.conditions import check_target, refuse_actor
from erc.rulesets.er.rules.turns import action_check

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.drop``: imported only for a human table."""
    from erc.rulesets.er.render import drop

    return drop


class Attr(StrEnum):
    strength = "strength"
    agility = "agility"


class Damaged(StrEnum):
    body = "body"
    mind = "mind"
    spirit = "spirit"


@command()
def drop(
    loaded: Loaded,
    holder: str = Argument(metavar="HOLDER", help="Who holds the drop."),
    victim: str = Argument(metavar="VICTIM", help="Who the drop is on."),
    held: int | None = Option(
        "--held",
        min=0,
        max=10_000,
        metavar="N",
        help="The damage held (default: the journal's drop).",
    ),
    rounds: int | None = Option(
        "--rounds",
        min=0,
        max=10_000,
        metavar="N",
        help="Rounds of combat since the drop: Comp 20 - 1 each (default: from the "
        "journal, else 0).",
    ),
    parley_minutes: int = Option(
        "--parley-minutes",
        min=0,
        max=10_000,
        metavar="N",
        help="Minutes of parley since the drop: Comp - 1 each (after any rounds).",
        default=0,
    ),
    foul_play: bool = Option(
        "--foul-play", help="The victim has foul-play: its feat at advantage."
    ),
    resist: bool | None = Option(
        "--resist/--no-resist",
        help="Whether the victim spends its reaction on the feat (default: when it can).",
        show_default=False,
    ),
    attr: Attr | None = Option("--attr", help="The victim's feat (default: its better modifier)."),
    holder_damaged: Damaged | None = Option(
        "--holder-damaged",
        help="Instead: the holder took damage; its Resilience, Judgment or Muse feat "
        "against Comp 14 keeps the drop or breaks it.",
    ),
    extra_action: bool = EXTRA_ACTION,
) -> Mechanic:
    """Inflict held damage: the victim's Strength or Agility feat against Comp 20 (falling
    to 14 with time) halves it, never below 1; then the shock of R6.5.

    Dice for --rolls, in order: the victim's feat d20 (two at advantage or disadvantage), then
    the shock save d20, then its d3; with --holder-damaged, the holder's one d20.
    """
    return _drop(
        loaded,
        holder=holder,
        victim=victim,
        held=held,
        rounds=rounds,
        parley_minutes=parley_minutes,
        foul_play=foul_play,
        resist=resist,
        attr=attr,
        holder_damaged=holder_damaged,
        extra_action=extra_action,
    )


def _drop(
    loaded: Loaded,
    *,
    holder: str,
    victim: str,
    held: int | None,
    rounds: int | None,
    parley_minutes: int,
    foul_play: bool,
    resist: bool | None,
    attr: Attr | None,
    holder_damaged: Damaged | None,
    extra_action: bool,
) -> Mechanic:
    """The drop command's work, its options as ``drop`` declares them."""
    from erc.rulesets.er.rules import drop as rules

    encounter = loaded.encounter
    state = events.state_of(loaded)
    who, mark = find(encounter, holder), find(encounter, victim)
    if holder_damaged is not None:
        inflicting = [held, rounds, attr, resist, parley_minutes or None, foul_play or None]
        if any(v is not None for v in inflicting):
            raise ErcError(
                "bad-option",
                "--holder-damaged checks whether the drop holds; it inflicts nothing, so it "
                "takes none of --held, --rounds, --parley-minutes, --foul-play, --resist, --attr",
            )
        damaged = holder_damaged.value
        return Mechanic(
            "drop",
            lambda dice: rules.hold_check(dice, who, mark, damaged),
            renderer,
            effects=lambda result: events.drop(result, state),
        )
    refuse_actor(who)
    check_target(who, mark)  # R10 charmed: it cannot target the one who charmed it
    holding = rules.holding(who, mark, state.drops, state.round, held=held, rounds=rounds)
    notes = holding.notes
    if who.reaction_used:  # R6.6: no reaction left, so it inflicts the drop on its action
        applying = loaded.txn is not None
        notes += action_check(who, round=state.round, applying=applying, extra=extra_action)
    return Mechanic(
        "drop",
        lambda dice: rules.inflict(
            dice,
            who,
            mark,
            holding.damage,
            rounds=holding.rounds,
            parley_minutes=parley_minutes,
            foul_play=foul_play,
            resist=resist,
            attribute=attr.value if attr else None,
            held_from=holding.held_from,
            notes=notes,
        ),
        renderer,
        effects=lambda result: events.drop(result, state, extra_action),
    )
