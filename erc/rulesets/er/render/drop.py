"""Human output of ``erc drop``: the time since the drop and the Comp, the victim's feat,
the damage inflicted, the shock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import ARROW, table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.render.sneak import shock_line
from erc.rulesets.er.rules.drop import DROP_COMP, Hold, Inflicted


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    if isinstance(result, Hold):
        yield from _hold(result)
    else:
        yield from _inflicted(result)


def _hold(result: Hold) -> Iterator[Any]:
    """R6.6: the holder's feat after damage to its Body, Mind or Spirit."""
    head = text(result.holder, "bold")
    head.append(f" took damage to its {result.damaged.capitalize()} while holding the drop on ")
    head.append_text(text(result.victim, "bold"))
    yield head
    line = Text(
        f"{result.attribute.capitalize()} feat {result.roll}{result.modifier:+d} = "
        f"{result.total} vs Comp {result.comp}: "
    )
    if result.broken:
        line.append("fails: the drop is broken", "bold red")
    else:
        line.append("the drop holds", "bold green")
    yield line


def _inflicted(result: Inflicted) -> Iterator[Any]:
    head = text(result.holder, "bold")
    head.append(" inflicts the drop on ")
    head.append_text(text(result.victim, "bold"))
    head.append(f": {result.held_damage} damage held ({result.held_from})")
    yield head
    yield Text(
        f"Comp {result.comp}: {DROP_COMP} - {result.rounds} round(s) - "
        f"{result.parley_minutes} minute(s) of parley, never below 14"
    )
    reaction = result.reaction
    if reaction is None:
        yield text(f"{result.victim} does not resist (no reaction spent)", "dim")
    else:
        grid = table(
            f"{result.victim}'s reaction: {reaction.attribute} feat"
            + (f" at {reaction.advantage}" if reaction.advantage != "normal" else ""),
            "dice",
            "kept",
            "mod",
            "total",
            "Comp",
            "result",
            "why",
        )
        why = [f"{reaction.chosen} ({reaction.attribute})"]
        why += [f"advantage: {r}" for r in reaction.advantage_from]
        why += [f"disadvantage: {r}" for r in reaction.disadvantage_from]
        grid.add_row(
            "  ".join(str(d.value) for d in reaction.dice),
            str(reaction.roll),
            f"{reaction.modifier:+d}",
            str(reaction.total),
            str(reaction.comp),
            Text("halves", "bold green") if reaction.success else Text("fails", "bold red"),
            text(", ".join(why)),
        )
        yield grid
    damage = Text(f"damage {result.damage}", "bold")
    if result.halved:
        damage.append(f" (half of {result.held_damage}, floor, at least 1)")
    damage.append(f"   Body {result.body_before} {ARROW} {result.body_after}")
    if result.down:
        damage.append(" down", "bold red")
    yield damage
    yield shock_line(result.shock, result.victim)
    for note in result.notes:
        yield text(f"note: {note}", "dim")
