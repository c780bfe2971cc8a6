"""Human output of ``erc attack`` and ``erc sneak``: each attack roll against the AC, its
damage, DR and EX-HP; the target's HP; with ``--odds`` the exact damage distribution."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.text import Text

from erc.core.checks import succeeds
from erc.core.human import ARROW, BAR, hit_text, table, text
from erc.core.outcome import Outcome

BAR_WIDTH = 40
TERMS = {"bab": "BAB", "strength": "Str", "dexterity": "Dex", "mod": "mod", "range": "range"}


def _to_hit(parts: Mapping[str, int]) -> str:
    return " ".join(f"{TERMS.get(t, t)} {v:+d}" for t, v in parts.items() if t != "bab")


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    title = text(result.attacker, "bold")
    title.append(" gets the drop on " if result.sneak is not None else " attacks ")
    title.append_text(text(result.target, "bold"))
    title.append_text(text(f" with {result.weapon} ({result.weapon_kind}"))
    if result.range_check.distance:
        title.append_text(text(f", {result.range_check.distance} ft, {result.range_check.band}"))
    title.append(")")
    if result.full:
        title.append(" full attack", "italic")
    yield title
    ac = result.armor_class
    line = Text(f"vs AC {ac.value} ({ac.kind})", "dim")
    if result.attacks:
        line.append(f"; to hit d20 + BAB {_to_hit(result.attacks[0].parts)}", "dim")
    yield line
    if result.flat_footed:
        yield text(f"flat-footed: {'; '.join(result.flat_footed_from)}", "dim")
    grid = table(None, "#", "BAB", "d20", "total", "result", "damage", "DR", "EX-HP", "HP")
    for a in result.attacks:
        bab = f"{a.parts['bab']:+d}"
        if a.roll is None:
            needs = next(f for f in range(1, 21) if succeeds(f, a.bonus, a.ac))
            grid.add_row(str(a.number), bab, "-", "", f"needs {needs}+", text(a.damage_dice))
            continue
        verdict = hit_text(bool(a.hit))
        if a.natural:
            verdict.append(f" (natural {a.roll})", "italic")
        cells: list[Any] = [str(a.number), bab, str(a.roll), str(a.total), verdict]
        if a.hit:
            damage = text(f"{a.damage_dice} {a.damage_roll} {ARROW} {a.damage}")
            if a.halved:
                damage.append(" halved", "yellow")
            if a.minimum_applied:
                damage.append(" min", "yellow")
            dr = f"-{a.dr.value}" if a.dr.value else ""
            if a.dr.rolled:
                dr += " rolled"
            cells += [
                damage,
                dr,
                f"-{a.ex_hp_absorbed}" if a.ex_hp_absorbed else "",
                f"-{a.hp_damage}" if a.hp_damage else "0",
            ]
        grid.add_row(*cells)
    yield grid
    for target in result.targets:
        line = text(target.name, "bold")
        line.append(f" HP {target.hp_before} {ARROW} {target.hp_after}")
        if target.ex_hp_before:
            line.append(f", EX-HP {target.ex_hp_before} {ARROW} {target.ex_hp_after}")
        if target.down:
            line.append(" down", "bold red")
        yield line
    for note in result.notes:
        yield text(f"note: {note}", "dim")
    if outcome.odds is not None:
        yield from _odds(outcome.odds)


def _odds(odds: Mapping[str, Any]) -> Iterator[Any]:
    yield Text(
        f"odds: at least one hit {odds['p_hit']:.1%}   expected HP lost "
        f"{odds['expected_damage']:.2f}",
        "bold",
    )
    distribution: dict[str, float] = odds["distribution"]
    top = max(distribution.values(), default=0.0) or 1.0
    grid = table(None, "HP lost", "chance", "")
    for damage, p in distribution.items():
        grid.add_row(damage, f"{p:.2%}", Text(BAR * round(BAR_WIDTH * p / top), "cyan"))
    yield grid
