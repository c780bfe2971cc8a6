"""``erc competition A B --check A=SKILL --check B=SKILL``: opposed skill checks."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.lookup import find, find_actor, named_value, one_of_two, side_mods
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.conditions import cannot_act
from erc.rulesets.elysium.model import ACTION_SKILLS

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded
    from erc.rulesets.elysium.model import Encounter


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.elysium.render.opposed``: imported only for a human table."""
    from erc.rulesets.elysium.render import opposed

    return opposed


@command(odds=True)
def competition(
    loaded: Loaded,
    a: str = Argument(metavar="A", help="The initiator."),
    b: str = Argument(metavar="B", help="The opponent."),
    check: list[str] | None = Option(
        "--check", metavar="NAME=SKILL", help="A side's skill (or ability); both sides need one."
    ),
    mod: list[str] | None = Option(
        "--mod", metavar="NAME=N", help="A side's situational modifier (summed)."
    ),
) -> Mechanic:
    """Opposed skill checks: each side one die + skill ranks + its key ability (EL1.3); the
    strictly higher total wins, a tie changes nothing (EL1.5).

    Dice for --rolls, in order: A's die, then B's.
    """
    from erc.rulesets.elysium.rules import competition as rules

    enc = loaded.encounter
    first, second = find_actor(enc, a, cannot_act), find(enc, b)  # A starts it
    if first.name == second.name:
        raise ErcError("bad-option", f"a competition needs two combatants, not {first.name} twice")
    pair = (first, second)
    known = _known_checks(enc)
    checks: dict[str, str] = {}
    for who, value in (named_value(c, "--check", "NAME=SKILL") for c in check or []):
        name = one_of_two(enc, pair, who, "--check")
        if name in checks:
            raise ErcError("bad-option", f"--check {name}=...: one check a side")
        checks[name] = rules.check_name(value, known)
    missing = [c.name for c in pair if c.name not in checks]
    if missing:
        raise ErcError(
            "bad-option",
            f"--check NAME=SKILL for each side: missing for {' and '.join(missing)} "
            "(e.g. --check Kharza=hold)",
        )
    mods = side_mods(enc, pair, mod or [])
    plan = rules.plan_competition(
        first,
        second,
        enc.rules,
        checks=(checks[first.name], checks[second.name]),
        mods=mods,
        schools=_schools(enc),
    )

    def odds() -> dict[str, object]:
        from erc.rulesets.elysium.odds.opposed import competition_odds

        return competition_odds(lambda dice: rules.resolve(dice, plan))

    return Mechanic(
        command="competition",
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.competition,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )


def _known_checks(enc: Encounter) -> set[str]:
    """The skills a check may name: the action skills (EL1.2), the file's skills, weapon
    skills, schools and ``skill_abilities`` entries."""
    known = set(ACTION_SKILLS)
    for c in enc.combatants:
        known |= set(c.skills) | set(c.schools) | set(c.skill_abilities)
        known |= {w.skill for w in c.weapons}
    return {k.casefold() for k in known}


def _schools(enc: Encounter) -> set[str]:
    """The magic schools the file names (``schools`` and the spells' ``school``): a check
    on one reads ranks from ``schools`` (EL-P12)."""
    found: set[str] = set()
    for c in enc.combatants:
        found |= set(c.schools) | {s.school for s in c.spells}
    return {k.casefold() for k in found}
