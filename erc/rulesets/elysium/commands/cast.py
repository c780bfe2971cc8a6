"""``erc cast CASTER TARGET --spell NAME --level N`` (EL12)."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.opposed``: imported only for a human table."""
    from erc.rulesets.elysium.render import opposed

    return opposed


@command(odds=True)
def cast(
    loaded: Loaded,
    caster: str = Argument(metavar="CASTER"),
    target: str = Argument(metavar="TARGET"),
    spell: str | None = Option("--spell", metavar="NAME", help="The spell (required)."),
    level: int | None = Option(
        "--level", min=1, max=100, metavar="N", help="The level cast at, from 1 (required)."
    ),
) -> Mechanic:
    """Spell Attack (school ranks + casting ability + the level's bonus) against Spell
    Defense (AGI + dodge + END + armor + the greater of MDEF and the target's school
    ranks); the difference is the damage; the level's MP are spent (EL12).

    Dice for --rolls, in order: the caster's die, then the target's (none for a helpless
    target).
    """
    from erc.rulesets.elysium.rules import spell as rules

    if spell is None or level is None:
        missing = " and ".join(
            o for o, v in (("--spell NAME", spell), ("--level N", level)) if v is None
        )
        raise ErcError("bad-option", f"cast needs {missing} (EL-P12)")
    encounter = loaded.encounter
    plan = rules.plan_cast(
        find(encounter, caster),
        find(encounter, target),
        encounter.rules,
        spell=spell,
        level=level,
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import odds_of

        return odds_of(lambda dice: rules.resolve(dice, plan), damage=True)

    return Mechanic(
        command="cast",
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.cast,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )
