"""``erc join NAME``: a combatant added to the file joins the fight under way (R14.2)."""

from __future__ import annotations

from erc.core.join import Joined as Joined, renderer
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, command
from erc.rulesets.er import events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.session import Loaded


@command()
def join(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who joins (added to the encounter file)."),
) -> Mechanic:
    """Bring a combatant added to the file into the current fight: it rolls initiative at
    once (R3.1; ties rolled off on d20 against the tied ones only) and takes its place by
    total; a place already passed this round means it acts from the next. One that is not
    standing rolls none and goes last (R3.5).

    Dice for --rolls: its d10, then roll-off d20s (its own, then each tied one's)."""
    from erc.core import join as rules
    from erc.rulesets.er.conditions import acted, standing
    from erc.rulesets.er.rules.initiative import breakdown

    state = events.state_of(loaded)
    who = find(loaded.encounter, name)
    rules.check_joinable(state.round, state.order, who.name)
    by_name = {c.name: c for c in loaded.encounter.combatants}
    rolls = {row[0]: row[1] for row in state.rolls}
    members = []
    for member in state.order:
        c = by_name[member]
        b = breakdown(c)
        modifier = b.agility + b.other + b.weapon_mod + b.armor_mod
        members.append(rules.Member(member, rolls.get(member, 0) + modifier, 0, acted(c)))
    mine = breakdown(who)
    parts = {
        "agility": mine.agility,
        "initiative": mine.other,
        "heavy weapon": mine.weapon_mod,
        "armour": mine.armor_mod,
    }
    setup = rules.JoinSetup(
        name=who.name,
        sides=10,
        rolloff=20,
        parts=parts,
        rolls=standing(who),  # R3.5
    )
    return Mechanic(
        "join",
        lambda dice: rules.join(dice, setup, members, round=state.round),
        renderer,
        effects=rules.effects,
    )
