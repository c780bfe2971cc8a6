"""``erc competition A B``: a d12 competition between two combatants (R7)."""

from __future__ import annotations

from erc.core.errors import ErcError, did_you_mean
from erc.core.lookup import find, named_value, one_of_two, side_mods
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.er import events
from erc.rulesets.er.conditions import refuse_actor
from erc.rulesets.er.model import SUB_ATTRIBUTES, Combatant, Encounter
from erc.rulesets.er.rules import competition as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.competition``: imported only for a human table."""
    from erc.rulesets.er.render import competition

    return competition


@command(odds=True)
def competition(
    loaded: Loaded,
    a: str = Argument(metavar="A", help="One side."),
    b: str = Argument(metavar="B", help="The other side."),
    attr: list[str] | None = Option(
        "--attr",
        metavar="NAME=SUBATTR",
        help="A side's sub-attribute (default strength; a unique prefix is enough).",
    ),
    advantage: list[str] | None = Option("--advantage", metavar="NAME", help="Side at advantage."),
    disadvantage: list[str] | None = Option(
        "--disadvantage", metavar="NAME", help="Side at disadvantage."
    ),
    mod: list[str] | None = Option(
        "--mod", metavar="NAME=N", help="Situational modifier (summed)."
    ),
    owner: str | None = Option(
        "--owner", metavar="NAME", help="Defends its space or an item in it: advantage."
    ),
    entering: str | None = Option(
        "--entering",
        metavar="NAME",
        help="Enters the other's space: advantage if a nhoblit, else even.",
    ),
    item: bool = Option("--item", help="A contest for a loose item: report who takes it."),
    no_action: list[str] | None = Option(
        "--no-action", metavar="NAME", help="Has no action left this round (implies --item)."
    ),
) -> Mechanic:
    """A d12 competition: each side d12 + its sub-attribute modifier; a tie changes nothing.

    Dice for --rolls, in order: A's d12 (two at advantage or disadvantage), then B's.
    """
    enc = loaded.encounter
    side_a, side_b = find(enc, a), find(enc, b)
    refuse_actor(side_a)  # R13.1: A starts it
    if side_a.name == side_b.name:
        raise ErcError("bad-option", f"a competition needs two combatants, not {side_a.name} twice")
    pair = (side_a, side_b)
    owner_name, entering_name = _owner_and_entering(enc, pair, owner, entering)
    first, second = rules.competition_setup(
        side_a,
        side_b,
        attributes={
            one_of_two(enc, pair, who, "--attr"): _sub_attribute(value)
            for who, value in (named_value(a, "--attr") for a in attr or [])
        },
        advantage={one_of_two(enc, pair, n, "--advantage") for n in advantage or []},
        disadvantage={one_of_two(enc, pair, n, "--disadvantage") for n in disadvantage or []},
        mods=side_mods(enc, pair, mod or []),
        owner=owner_name,
        entering=entering_name,
        no_action=_no_action(loaded, pair, no_action or []),
        cannot_take=_cannot_take(loaded, pair) if item or no_action else None,
    )
    return _mechanic(first, second, for_item=item or bool(no_action))


def _owner_and_entering(
    enc: Encounter, pair: tuple[Combatant, Combatant], owner: str | None, entering: str | None
) -> tuple[str | None, str | None]:
    """Who owns the space (--owner) and who enters it (--entering): one of the two, not both."""
    owner_name = one_of_two(enc, pair, owner, "--owner") if owner else None
    entering_name = one_of_two(enc, pair, entering, "--entering") if entering else None
    if owner_name is not None and owner_name == entering_name:
        raise ErcError(
            "bad-option",
            f"{owner_name} cannot both own the space and enter it (--owner, --entering)",
        )
    return owner_name, entering_name


def _mechanic(first: rules.Contender, second: rules.Contender, *, for_item: bool) -> Mechanic:
    """The competition of the two sides set up, its odds and what stays unresolved."""

    def odds() -> dict[str, object]:
        from erc.core.odds import as_odds
        from erc.rulesets.er.odds.competition import competition_odds

        return as_odds(competition_odds(first, second, item=for_item))

    return Mechanic(
        command="competition",
        resolve=lambda dice: rules.compete(first, second, dice, item=for_item),
        render=renderer,
        effects=events.competition,
        odds=odds,
        unresolved=lambda: rules.unresolved(first, second, item=for_item),
    )


def _no_action(loaded: Loaded, pair: tuple[Combatant, Combatant], given: list[str]) -> set[str]:
    """Sides with no action left this round: named by ``--no-action``, or having acted
    (R11.2, from the journal, once a round has started)."""
    gone = {one_of_two(loaded.encounter, pair, n, "--no-action") for n in given}
    if loaded.state.round >= 1:
        gone |= {side.name for side in pair if side.own_action_spent}
    return gone


def _cannot_take(loaded: Loaded, pair: tuple[Combatant, Combatant]) -> dict[str, str]:
    """R7.3, R9.5: the sides that could not spend the 10 ft taking the item costs."""
    from erc.rulesets.er.rules.movement import cost_refused  # (fractions: only for --item)

    found = {side.name: cost_refused(side, "pick-up", loaded.encounter.rules) for side in pair}
    return {name: why for name, why in found.items() if why}


def _sub_attribute(text: str) -> str:
    """One of the nine sub-attributes, by its name or a unique prefix (``str``, ``agi``)."""
    wanted = text.casefold()
    matches = [s for s in SUB_ATTRIBUTES if s.startswith(wanted)]
    if wanted in SUB_ATTRIBUTES:
        return wanted
    if len(matches) == 1:
        return matches[0]
    raise ErcError(
        "bad-option",
        f"no sub-attribute {text!r}{did_you_mean(wanted, SUB_ATTRIBUTES)}; "
        f"one of: {', '.join(SUB_ATTRIBUTES)}",
    )
