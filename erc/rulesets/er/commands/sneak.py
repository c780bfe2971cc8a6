"""``erc sneak ATTACKER VICTIM``: a sneak attack (R6.1-R6.5); ``--drop`` holds the damage
(R6.6)."""

from __future__ import annotations

from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.core.value import replace
from erc.rulesets.er import events
from erc.rulesets.er.commands import EXTRA_ACTION
from erc.rulesets.er.commands.acting import actor, locks_given_up, release_notes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.sneak``: imported only for a human table."""
    from erc.rulesets.er.render import sneak

    return sneak


@command(odds=True)
def sneak(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER", help="Who sneak attacks."),
    victim: str = Argument(metavar="VICTIM", help="The unaware victim."),
    weapon: str | None = Option(
        "--with",
        metavar="WEAPON",
        help="A ranged, light or reach weapon, or one marked sneak (default: primary).",
    ),
    stealth_dc: int | None = Option(
        "--stealth-dc",
        min=0,
        max=100,
        metavar="N",
        help="Melee approach: the DC of the victim's second Perception check (R6.3).",
    ),
    drop: bool = Option("--drop", help="Get the drop: roll, and hold the damage (R6.6)."),
    advantage: bool = Option(
        "--advantage", help="Already at advantage for another reason: only the sneak die is added."
    ),
    disadvantage: bool = Option("--disadvantage", help="Refused: no sneak attack at disadvantage."),
    extra_action: bool = EXTRA_ACTION,
) -> Mechanic:
    """A sneak attack: the attack with the advantage die and the sneak die, the victim's
    second Perception check on a melee approach, and the shock of a heavy blow.

    Dice for --rolls, in order: the victim's second Perception d20 (a melee approach with
    --stealth-dc), then the attack's d20s as erc attack draws them, then the shock save d20,
    then its d3.
    """
    from erc.rulesets.er.rules import sneak as rules  # here: other commands start without it

    encounter = loaded.encounter
    state = events.state_of(loaded)
    who, notes = actor(loaded, attacker, extra_action)
    setup = rules.prepare(
        who,
        find(encounter, victim),
        weapon=weapon,
        stealth_dc=stealth_dc,
        advantage=advantage,
        disadvantage=disadvantage,
        drop=drop,
        advantage_damage=encounter.rules.advantage_damage,
    )
    locks = locks_given_up(loaded, who, (setup.weapon.name,))
    setup = replace(setup, notes=notes + setup.notes + release_notes(locks))

    def odds() -> dict[str, object]:
        from erc.rulesets.er.odds.sneak import sneak_odds

        return sneak_odds(setup)

    return Mechanic(
        command="sneak",
        resolve=lambda dice: rules.resolve(dice, setup),
        render=renderer,
        effects=lambda result: events.sneak(result, state, extra_action, locks),
        odds=odds,
        unresolved=lambda: rules.unresolved(setup),
    )
