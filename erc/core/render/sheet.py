"""Human output of ``erc show NAME``, the same in every ruleset (``erc.core.sheet``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from erc.core.human import Flow, table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    sheet = outcome.result
    head = text(f"{sheet.name}", "bold")
    head.append(
        f"  ({sheet.side or 'no side'})  {sheet.health_word} {sheet.health}/{sheet.health_max}"
    )
    for label, (now, most) in sheet.pools.items():
        head.append(f"  {label} {now}/{most}")
    yield head
    if sheet.defense:
        yield text("  ".join(f"{k} {v}" for k, v in sheet.defense.items()))
    if sheet.attributes:  # a name with its number, never broken apart (80 columns)
        yield Flow(_attribute(k, v) for k, v in sheet.attributes.items())
    if sheet.skills:
        yield Flow((f"{k} {v}" for k, v in sheet.skills.items()), ", ", head="skills: ")
    if sheet.numbers:
        yield text("  ".join(f"{k} {v:+d}" for k, v in sheet.numbers.items()))
    if sheet.weapon_lines:
        yield _weapons(sheet.weapon_lines)
    if sheet.movement:
        moves = (
            f"{k.removesuffix('_ft').replace('_', ' ')} {v} ft" for k, v in sheet.movement.items()
        )
        yield text("movement: " + ", ".join(moves))
    conditions = ", ".join(_condition(c) for c in sheet.conditions) or "none"
    yield text(f"conditions: {conditions}")
    left = ", ".join(_resource(k, v) for k, v in sheet.resources.items())
    yield text(f"this round: {left}")
    if not sheet.can_act:
        yield text(f"cannot act: {sheet.cannot_act_because}", "bold red")
    for note in sheet.notes:
        yield text(note, "dim")


def _weapons(lines: Any) -> Any:
    """The weapons, with a ``state`` column only when one is not ready (locked, taken, on
    the ground)."""
    states = any(w.state != "ready" for w in lines)
    grid = table(None, "weapon", "attack", "damage", *(("state",) if states else ()))
    for w in lines:
        cells = [text(w.name, "bold"), text(w.attack_text), text(w.damage_text)]
        if states:
            cells.append(text("" if w.state == "ready" else w.state, "dim"))
        grid.add_row(*cells)
    return grid


def _attribute(name: str, numbers: Any) -> str:
    if "modifier" in numbers:
        return f"{name} {numbers['score']} ({numbers['modifier']:+d})"
    return f"{name} {numbers['score']}"


def _condition(row: Any) -> str:
    out = str(row.name) + (f" (by {row.by})" if row.by else "")
    if row.rounds_left is not None:
        out += f" {row.rounds_left} round(s) left"
    if row.actions_left is not None:
        out += f" {row.actions_left} action(s) left"
    return out


def _resource(name: str, value: object) -> str:
    if isinstance(value, bool):
        return f"{name} {'left' if value else 'spent'}"
    return f"{name.replace('_', ' ').replace(' ft', '')} {value}" + (
        " ft" if name.endswith("_ft") else ""
    )
