"""``erc join NAME``: a combatant added to the file joins the fight under way (EL-P17)."""

from __future__ import annotations

from erc.core.join import Joined as Joined, renderer
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, command
from erc.rulesets.elysium import events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.events import Effect
    from erc.core.session import Loaded


@command()
def join(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who joins (added to the encounter file)."),
) -> Mechanic:
    """Bring a combatant added to the file into the current fight: it makes its Reaction
    check at once (EL2: the file's die + AGI + CUN + initiative; ties by AGI + CUN, then
    roll-offs against the tied ones only) and acts this round with full AP if its place
    has not been passed, else from the next.

    Dice for --rolls: its die, then roll-off dice (its own, then each tied one's)."""
    from erc.core import join as rules
    from erc.rulesets.elysium.model import die_sides
    from erc.rulesets.elysium.rules.initiative import parts_of

    state = events.state_of(loaded)
    enc = loaded.encounter
    who = find(enc, name)
    rules.check_joinable(state.round, state.order, who.name)
    by_name = {c.name: c for c in enc.combatants}
    rolls = {row[0]: row[1] for row in state.rolls}
    members = []
    for member in state.order:
        c = by_name[member]
        terms = state.reactions.get(member) or parts_of(c)
        total = rolls.get(member, 0) + sum(terms.values())
        tie = c.ability("agility") + c.ability("cunning")
        members.append(rules.Member(member, total, tie, c.ap_spent > 0))
    parts = parts_of(who)
    sides = die_sides(enc.rules)
    tie = who.ability("agility") + who.ability("cunning")
    setup = rules.JoinSetup(name=who.name, sides=sides, rolloff=sides, parts=parts, tie=tie)

    def effects(result: Joined) -> list[Effect]:
        return [*rules.effects(result), events.ReactionCheck(result.name, dict(result.parts))]

    return Mechanic(
        "join",
        lambda dice: rules.join(dice, setup, members, round=state.round),
        renderer,
        effects=effects,
    )
