"""Human output of ``erc attack``: strikes with their dice, damage per target, and with
``--odds`` the exact damage distribution as a bar chart."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rich.text import Text

from erc.core.human import ARROW, BAR, hit_text, table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.rules.attack import Attack, PlannedStrike, Strike, TargetDamage

BAR_WIDTH = 40
SOURCE_TAGS = {"advantage": "adv", "disadvantage": "dis"}


def render(outcome: Outcome) -> Iterator[Any]:
    result: Attack = outcome.result
    title = text(result.attacker, "bold")
    title.append(" attacks ")
    title.append_text(text(", ".join(dict.fromkeys(s.target for s in result.plan))))
    if result.mode != "normal":
        title.append(f" at {result.mode}", "italic")
    yield title
    if result.strikes:
        yield _strikes(result.strikes, result.plan)
        yield _targets(result.targets)
        line = Text(f"total damage {result.damage}", "bold")
        if result.crit:
            line.append("   crit: an award die joined the primary strike", "yellow")
        yield line
    else:
        yield _plan(result.plan)
    for note in result.notes:
        yield text(f"note: {note}", "dim")
    if outcome.odds is not None:
        yield from _odds(outcome.odds)


def _name(pool: str, part: int) -> str:
    return f"{pool} {part}" if part else pool


def _strikes(strikes: tuple[Strike, ...], plan: tuple[PlannedStrike, ...]) -> Any:
    grid = table(None, "strike", f"weapon {ARROW} target", "to hit", "dice", "hits+mod+weight")
    for strike, planned in zip(strikes, plan, strict=True):
        dice = Text()
        for die in strike.dice:
            if dice:
                dice.append("\n")
            dice.append_text(text(f"{die.raw}{ARROW}{die.total} ", "" if die.kept else "dim"))
            dice.append_text(hit_text(die.hit) if die.kept else Text("dropped", "dim"))
            if die.source != "pool":
                dice.append_text(text(f" {SOURCE_TAGS.get(die.source, die.source)}", "italic"))
        aim = text(strike.weapon)
        aim.append(f" {ARROW} ")
        aim.append_text(text(strike.target))
        grid.add_row(
            _name(strike.pool, strike.part),
            aim,
            f"{planned.bonus:+d} vs AC {planned.ac}",
            dice,
            _parts(strike),
        )
    return grid


def _parts(strike: Strike) -> Text:
    """hits + modifier + weight, then the resistance: ``2+1+1 = 4 edged``."""
    if not strike.hits:
        return Text("0 (no hit)", "dim")
    raw = strike.hits + strike.modifier + strike.weight
    line = Text(f"{strike.hits}+{strike.modifier}+{strike.weight} = {raw}")
    line.append_text(text(f" {strike.damage_type}"))
    if strike.resistance == "cancelled":
        line.append("\nresist and vulnerable cancel", "dim")
    elif strike.resistance != "none":
        line.append(f"\n{strike.resistance} {ARROW} {strike.damage}", "yellow")
    return line


def _targets(targets: tuple[TargetDamage, ...]) -> Any:
    grid = table(None, "target", "hits", "strikes", "d3", "damage", "type", "body")
    for target in targets:
        d3 = "" if target.d3 is None else f"{target.d3:+d}"
        body = Text(f"{target.body_before} {ARROW} {target.body_after}")
        if target.down:
            body.append(" down", "bold red")
        grid.add_row(
            text(target.name),
            str(target.hits),
            str(target.strike_damage),
            d3,
            Text(str(target.damage), "bold"),
            text(", ".join(target.damage_types) or target.damage_type),
            body,
        )
    return grid


def _plan(plan: tuple[PlannedStrike, ...]) -> Any:
    grid = table(None, "strike", "weapon", "target", "dice", "hits on", "resistance")
    for strike in plan:
        dice = "2d20kl1" if strike.keep_lower else f"{strike.n_dice}d20"
        grid.add_row(
            _name(strike.pool, strike.part),
            text(strike.weapon),
            text(strike.target),
            f"{dice}{strike.bonus:+d} vs AC {strike.ac}",
            f"{strike.needs}+",
            strike.resistance,
        )
    return grid


def _odds(odds: Mapping[str, Any]) -> Iterator[Any]:
    yield Text(
        f"odds: at least one hit {odds['p_hit']:.1%}   "
        f"expected damage {odds['expected_damage']:.2f}",
        "bold",
    )
    distribution: dict[str, float] = odds["distribution"]
    top = max(distribution.values(), default=0.0) or 1.0
    grid = table(None, "damage", "chance", "")
    for damage, p in distribution.items():
        grid.add_row(damage, f"{p:.2%}", Text(BAR * round(BAR_WIDTH * p / top), "cyan"))
    yield grid


# The pieces other renderers reuse (the sneak attack, R6).
strikes_table = _strikes
targets_table = _targets
plan_table = _plan
odds_parts = _odds
