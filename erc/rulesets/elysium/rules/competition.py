"""Competitions: opposed skill checks between two combatants (Hold, Escape, Athletics,
...), each one die + skill ranks + key ability (EL1.3, EL-P10)."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from erc.core.checks import Opposed, Roller
from erc.core.dice import Dice
from erc.core.errors import ErcError, did_you_mean
from erc.core.value import Value
from erc.rulesets.elysium.model import ABILITIES, Combatant, Settings, die_sides
from erc.rulesets.elysium.rules.ap import ApSpend
from erc.rulesets.elysium.rules.grab import HOLD_CHECKS
from erc.rulesets.elysium.rules.rolls import Side, check_parts, roll_opposed, side, unrolled


class CompetitionPlan(Value):
    a: Combatant
    b: Combatant
    checks: tuple[str, str]
    initiator: Side
    opponent: Side
    bonus_used: tuple[str, ...]
    ap: ApSpend
    sides: int


class Competition(Value):
    """``erc competition``: the opposed roll (A the initiator), each side's
    check, and the pinned sides whose escape bonus went into a Hold or Escape check."""

    initiator: Roller
    opponent: Roller
    margin: int | None
    winner: str | None
    ap: ApSpend
    a: str
    b: str
    checks: tuple[str, str]
    escape_bonus_used_by: tuple[str, ...]
    resolved: bool
    notes: tuple[str, ...]


def check_name(text: str, known: Collection[str]) -> str:
    """A skill or ability by name: one the file or the rules know, so a typo is an error."""
    wanted = text.strip().casefold()
    if wanted in ABILITIES or wanted in known:
        return wanted
    choices = sorted({*ABILITIES, *known})
    raise ErcError(
        "bad-option",
        f"no skill or ability called {text!r}{did_you_mean(wanted, choices)}; "
        f"one of: {', '.join(choices)}",
    )


def plan_competition(
    a: Combatant,
    b: Combatant,
    rules: Settings,
    *,
    checks: tuple[str, str],
    mods: Mapping[str, int],
    schools: Collection[str] = (),
) -> CompetitionPlan:
    """Both checks, each with its key ability (EL1.3), ``--mod``, and a pinned side's
    escape bonus on a Hold or Escape check (EL10.4). A check named in ``schools`` (the
    file's magic schools) takes its ranks from ``schools`` (EL-P12)."""
    if a.name == b.name:
        raise ErcError("bad-option", f"a competition needs two combatants, not {a.name} twice")
    sides = []
    used = []
    for who, check in zip((a, b), checks, strict=True):
        parts = check_parts(who, check, school=check in schools)
        if who.escape_bonus and who.pinned_by is not None and check in HOLD_CHECKS:
            parts["escape_bonus"] = who.escape_bonus
            used.append(who.name)
        if mods.get(who.name):
            parts["mod"] = mods[who.name]
        sides.append(side(who, parts, f"{who.name} {check}"))
    left = a.ap_left
    return CompetitionPlan(
        a=a,
        b=b,
        checks=checks,
        initiator=sides[0],
        opponent=sides[1],
        bonus_used=tuple(used),
        ap=ApSpend(a.name, 0, left, left),
        sides=die_sides(rules),
    )


def _result(plan: CompetitionPlan, contest: Opposed | None) -> Competition:
    notes: list[str] = []
    return Competition(
        initiator=contest.initiator if contest else unrolled(plan.initiator),
        opponent=contest.opponent if contest else unrolled(plan.opponent),
        margin=contest.margin if contest else None,
        winner=contest.winner if contest else None,
        ap=plan.ap,
        a=plan.a.name,
        b=plan.b.name,
        checks=plan.checks,
        escape_bonus_used_by=plan.bonus_used if contest is not None else (),
        resolved=contest is not None,
        notes=tuple(notes),
    )


def resolve(dice: Dice, plan: CompetitionPlan) -> Competition:
    return _result(plan, roll_opposed(dice, plan.sides, plan.initiator, plan.opponent))


def unresolved(plan: CompetitionPlan) -> Competition:
    return _result(plan, None)
