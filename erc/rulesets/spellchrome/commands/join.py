"""``erc join NAME``: a combatant added to the file joins the fight under way (SC-P15)."""

from __future__ import annotations

from erc.core.join import Joined as Joined, renderer
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, command
from erc.rulesets.spellchrome import events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.session import Loaded


@command()
def join(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who joins (added to the encounter file)."),
) -> Mechanic:
    """Bring a combatant added to the file into the current fight: it rolls initiative at
    once (SC2: d20 + Dexterity modifier + initiative; ties by Dexterity score, then d10
    roll-offs against the tied ones only) and acts this round if its place has not been
    passed, else from the next; under initiative: keep its total stays.

    Dice for --rolls: its d20, then roll-off d10s (its own, then each tied one's)."""
    from erc.core import join as rules
    from erc.rulesets.spellchrome.rules.initiative import ROLL_OFF_DIE

    state = events.state_of(loaded)
    who = find(loaded.encounter, name)
    rules.check_joinable(state.round, state.order, who.name)
    by_name = {c.name: c for c in loaded.encounter.combatants}
    kept = {row.name: row.total for row in state.initiative}
    rolls = {row[0]: row[1] for row in state.rolls}
    members = []
    for member in state.order:
        c = by_name[member]
        total = kept.get(member, rolls.get(member, 0) + c.mod("dexterity") + c.initiative)
        acted = c.standard_used or c.move_used
        members.append(rules.Member(member, total, c.score("dexterity"), acted))
    parts = {"dexterity": who.mod("dexterity"), "initiative": who.initiative}
    setup = rules.JoinSetup(
        name=who.name, sides=20, rolloff=ROLL_OFF_DIE, parts=parts, tie=who.score("dexterity")
    )
    return Mechanic(
        "join",
        lambda dice: rules.join(dice, setup, members, round=state.round),
        renderer,
        effects=rules.effects,
    )
