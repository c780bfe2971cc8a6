"""Human output of ``erc disarm`` and ``erc free``."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.text import Text

from erc.core.human import hit_text, table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.render.competition import contest_table, contest_words, odds_table, reasons
from erc.rulesets.er.rules.weapon_negation import Disarm, DroppedWeapon, Freeing

OUTCOME_WORDS = {
    "missed": "nothing happens",
    "locked": "{victim}'s {weapon} is locked",
    "disarmed": "{victim}'s {weapon} is flung away",
    "kept": "{victim} resists and keeps the {weapon}",
    "pulled-free": "{victim} pulls the {weapon} free",
}


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if isinstance(result, Freeing):
        yield from _free(result)
    elif isinstance(result, DroppedWeapon):
        yield text(f"{result.name} drops its locked {result.weapon} (its reaction, R8.2)", "bold")
        for note in result.notes:
            yield text(note, "dim")
    else:
        yield from _disarm(result, outcome.odds)


def _disarm(result: Disarm, odds: Mapping[str, Any] | None) -> Iterator[Any]:
    what = "Weapon lock" if result.maneuver == "lock" else "Disarm"
    head = text(f"{what}: {result.attacker} ({result.weapon}) on ", "bold")
    head.append_text(text(f"{result.victim}'s {result.victim_weapon}", "bold"))
    yield head
    attempt = result.attempt
    if attempt is not None:
        grid = table(None, "attempt", "dice", "kept", "modifier", "total", "AC", "result")
        grid.add_row(
            attempt.advantage,
            " ".join(str(d.value) for d in attempt.dice),
            str(attempt.roll),
            f"{attempt.modifier:+d}",
            str(attempt.total),
            str(attempt.ac),
            hit_text(attempt.hit),
        )
        yield grid
    if result.damage_taken or (result.hit and result.resists and result.maneuver == "disarm"):
        line = text(f"{result.victim} takes {result.damage_taken} {result.damage_type}")
        line.append(f" to resist: Body {result.body_before} -> {result.body_after}")
        yield line
    if result.reaction is not None:
        reaction = result.reaction
        yield contest_table(reaction.setup, reaction.sides, f"{result.victim}'s reaction")
        yield from reasons(reaction.setup)
        yield contest_words(reaction.winner, reaction.sides)
    elif result.resolved and result.hit and not result.resists:
        yield text(f"{result.victim} does not resist (no reaction spent)", "dim")
    if result.outcome is not None:
        words = OUTCOME_WORDS[result.outcome].format(
            victim=result.victim, weapon=result.victim_weapon
        )
        yield text(f"{result.outcome}: {words}", "bold")
    for note in result.notes:
        yield text(note, "dim")
    if odds is not None:
        success = "locked" if result.maneuver == "lock" else "disarmed"
        yield odds_table(odds, {"p_hit": "attempt hits", "p_success": success})


def _free(result: Freeing) -> Iterator[Any]:
    head = text(f"Freeing {result.name}'s {result.weapon}", "bold")
    head.append(f": {result.cost} attack dice from a {result.pool} pool of {result.pool_dice}")
    if result.paid_before:
        head.append(f" ({result.paid_before} given in an earlier round)")
    yield head
    grid = table(None, "action", "dice given up", "attack dice left")
    for step in result.schedule:
        grid.add_row(
            "next" if step.action_number == 1 else "the one after (next round)",
            str(step.sacrificed),
            str(step.attack_dice_left) if step.attack_dice_left else Text("none", "dim"),
        )
    yield grid
    if result.attack_dice_left:
        rest = f"it may still attack with {result.attack_dice_left} {result.pool} di" + (
            "e" if result.attack_dice_left == 1 else "ce"
        )
    else:
        rest = (
            "it may still attack with its other pools" if result.attacks_on else "the whole action"
        )
    now = f"this action gives {result.sacrificed}: {rest}"
    yield text(now + ("; the weapon is free" if result.freed else "; the weapon stays locked"))
    for note in result.notes:
        yield text(note, "dim")
