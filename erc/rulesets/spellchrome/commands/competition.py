"""``erc competition A B``: an opposed d20 check (SC11)."""

from __future__ import annotations

from erc.core.errors import ErcError, did_you_mean
from erc.core.lookup import find, find_actor, named_value, one_of_two, side_mods
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.spellchrome.conditions import cannot_act
from erc.rulesets.spellchrome.model import ABILITIES
from erc.rulesets.spellchrome.rules import competition as rules

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.spellchrome.render.competition``: imported only for a human
    table."""
    from erc.rulesets.spellchrome.render import competition

    return competition


@command(odds=True)
def competition(
    loaded: Loaded,
    a: str = Argument(metavar="A", help="One side (its dice roll first)."),
    b: str = Argument(metavar="B", help="The other side."),
    attr: list[str] | None = Option(
        "--attr",
        metavar="NAME=ABILITY",
        help="A side's ability: strength (the default) or dexterity; a prefix is enough.",
    ),
    mod: list[str] | None = Option(
        "--mod", metavar="NAME=N", help="A side's situational modifier (summed)."
    ),
) -> Mechanic:
    """An opposed check: each side d20 + its ability modifier + --mod; the higher total
    wins, a tie goes to the higher modifier, equal modifiers roll again.

    Dice for --rolls, in order: A's d20, B's d20, then any re-rolls (A's, then B's).
    """
    enc = loaded.encounter
    side_a, side_b = find_actor(enc, a, cannot_act), find(enc, b)  # A starts it (SC1.4)
    why_not = cannot_act(side_b)
    if why_not:  # SC-P14: two sides who can act, or no contest (the GM rules)
        raise ErcError(
            "cannot-act",
            f"{side_b.name} cannot act: {why_not}; a competition needs two sides who can act "
            "(SC-P14), so there is no contest: the GM rules",
            enc.path,
        )
    if side_a.name == side_b.name:
        raise ErcError("bad-option", f"a competition needs two combatants, not {side_a.name} twice")
    pair = (side_a, side_b)
    abilities = {
        one_of_two(enc, pair, who, "--attr"): _ability(v)
        for who, v in (named_value(a, "--attr") for a in attr or [])
    }
    mods = side_mods(enc, pair, mod or [])
    first, second = (
        rules.contender(c, abilities.get(c.name, rules.DEFAULT_ABILITY), mods.get(c.name, 0))
        for c in pair
    )

    def odds() -> dict[str, object]:
        from erc.core.odds import as_odds
        from erc.rulesets.spellchrome.odds.competition import competition_odds

        return as_odds(competition_odds(first, second))

    return Mechanic(
        command="competition",
        resolve=lambda dice: rules.compete(dice, first, second),
        render=renderer,
        odds=odds,
        unresolved=lambda: rules.unresolved(first, second),
    )


def _ability(text: str) -> str:
    """``strength`` or ``dexterity`` (SC-P4), by name or a unique prefix."""
    wanted = text.casefold()
    matches = [s for s in ABILITIES if s.startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    raise ErcError(
        "bad-option",
        f"no ability {text!r} in the spellchrome ruleset{did_you_mean(wanted, ABILITIES)}; "
        f"one of: {', '.join(ABILITIES)}",
    )
