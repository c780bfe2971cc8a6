"""``erc skill NAME SKILL --vs N``: a skill check against a number (EL-P16)."""

from __future__ import annotations

from erc.core.checks import MAX_MOD, renderer
from erc.core.lookup import find
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.rulesets.elysium import events
from erc.rulesets.elysium.model import die_sides

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.dice import Dice
    from erc.core.events import Effect
    from erc.core.session import Loaded
    from erc.rulesets.elysium.rules.skill import SkillCheck


@command(odds=True)
def skill(
    loaded: Loaded,
    name: str = Argument(metavar="NAME", help="Who rolls."),
    skill_name: str = Argument(
        metavar="SKILL", help="A skill (athletics, discern, ...) or an ability alone."
    ),
    vs: int = Option(
        "--vs", metavar="N", min=-1000, max=1000, help="The number to reach.", required=True
    ),
    mod: int = Option(
        "--mod", metavar="N", min=-MAX_MOD, max=MAX_MOD, help="Situational modifier.", default=0
    ),
    ap: int = Option(
        "--ap", metavar="N", min=0, max=100, help="AP it costs (default none).", default=0
    ),
) -> Mechanic:
    """A skill check: one die (the file's) + the skill's ranks + its key ability (EL1.3;
    an ability named alone rolls it alone) against a number; a success when the total is
    at least N. Who cannot act fails with no die. Costs no AP unless --ap N.

    Dice for --rolls, in order: the check's one die (the file's check die).
    """
    from erc.rulesets.elysium.commands.competition import _known_checks, _schools
    from erc.rulesets.elysium.rules import competition, skill as rules

    enc = loaded.encounter
    who = find(enc, name)
    check = competition.check_name(skill_name, _known_checks(enc))
    sides, school = die_sides(enc.rules), check in _schools(enc)

    def resolve(dice: Dice | None) -> SkillCheck:
        return rules.skill_check(dice, who, check, vs, sides=sides, bonus=mod, ap=ap, school=school)

    resolve(None)  # not enough AP: refused before any die

    def odds() -> dict[str, object]:
        from erc.core.odds import against_odds

        return against_odds(resolve(None), sides=sides, naturals=False)

    def effects(result: SkillCheck) -> list[Effect]:
        return events.spent(result.ap) if result.ap is not None else []

    return Mechanic(
        command="skill",
        resolve=resolve,
        render=renderer,
        effects=effects,
        odds=odds,
        unresolved=lambda: resolve(None),
    )
