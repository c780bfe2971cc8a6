"""Human output of ``erc sneak``: the dice the sneak attack added and why, the victim's
second Perception check, the attack (``erc.rulesets.er.render.attack``'s tables), the drop,
the shock."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import table, text
from erc.core.outcome import Outcome
from erc.rulesets.er.render.attack import odds_parts, plan_table, strikes_table, targets_table
from erc.rulesets.er.render.perceive import COLUMNS, check_cells
from erc.rulesets.er.rules.sneak import Shock, Sneak, SneakDice

WHY_WEAPON = {
    "ranged": "ranged",
    "light": "a light weapon",
    "reach": "a reach weapon",
    "sneak": "marked sneak",
}


def render(outcome: Outcome) -> Iterator[Any]:
    result: Sneak = outcome.result
    title = text(result.attacker, "bold")
    title.append(" sneak attacks " + ("(getting the drop on) " if result.drop else ""))
    title.append_text(text(result.victim, "bold"))
    title.append(" with ")
    title.append_text(text(result.weapon))
    why = WHY_WEAPON[result.sneak.weapon_allows]
    said = (
        result.sneak.approach
        if why == result.sneak.approach
        else (f"{result.sneak.approach}; {why}")
    )
    title.append(f" ({said})", "dim")
    yield title
    yield dice_line(result.sneak)
    yield from _perception(result)
    if result.resolved:
        yield strikes_table(result.strikes, result.plan)
        yield targets_table(result.targets)
        line = Text(f"total damage {result.damage}", "bold")
        if result.crit:
            line.append("   crit: an award die joined the strike", "yellow")
        yield line
    else:
        yield plan_table(result.plan)
    if result.drop is not None:
        held = text(f"the drop: {result.drop.held_damage} damage held; ", "bold")
        held.append_text(text(f"{result.victim}'s Body is unchanged. Inflict it with: erc drop "))
        held.append_text(text(f'"{result.attacker}" "{result.victim}"'))
        yield held
    if result.shock is not None:
        yield shock_line(result.shock, result.victim)
    for note in result.notes:
        yield text(f"note: {note}", "dim")
    if outcome.odds is not None:
        yield from odds_parts(outcome.odds)
        yield Text(
            f"sneak die kept {outcome.odds['p_sneak_die']:.1%}   "
            f"shock {outcome.odds['p_shock']:.1%}   "
            f"incapacitated {outcome.odds['p_incapacitated']:.1%}",
            "bold",
        )


def dice_line(sneak: SneakDice) -> Text:
    """``2 skill dice + advantage die (sneak attack) + sneak die = 4d20``."""
    line = Text(f"dice: {sneak.skill_dice} skill " + ("die" if sneak.skill_dice == 1 else "dice"))
    if sneak.advantage_die:
        line.append(" + advantage die (the sneak attack)")
    else:
        line.append(" + advantage die (already at advantage: ")
        line.append_text(text("; ".join(sneak.advantage_from)))
        line.append("; not gained twice)")
    if sneak.sneak_die is None:
        line.append(" + sneak die (unless the victim makes its second check)")
    elif sneak.sneak_die:
        line.append(" + sneak die")
    else:
        line.append(" + sneak die lost", "strike")
    if sneak.n_dice is not None:
        line.append(f" = {sneak.n_dice}d20", "bold")
        if sneak.n_dice > 5:
            line.append(" (past 5: the added dice may exceed it)", "dim")
    return line


def _perception(result: Sneak) -> Iterator[Any]:
    sneak = result.sneak
    check = sneak.perception
    if check is None:
        return
    title = f"{result.victim}'s second Perception check (stealth DC {sneak.stealth_dc})"
    grid = table(title, *COLUMNS)
    grid.add_row(*check_cells(check))
    yield grid
    words = text(result.victim)
    if check.success:
        words.append_text(text(f" notices {result.attacker}: the sneak die is lost"))
        words.append(" (the advantage die stays)")
    else:
        words.append_text(text(f" does not notice {result.attacker}: the sneak die stays"))
    yield words


def shock_line(shock: Shock, victim: str) -> Text:
    """R6.5 in words: why there is a shock or not, the feat, and what it cost."""
    if shock.pending:
        return Text("shock: none yet; held damage shocks when it is inflicted (R6.5)", "dim")
    if not shock.triggered:
        why = (
            "no damage"
            if shock.damage <= 0
            else f"{shock.damage} damage is below {shock.threshold} (half its maximum Body)"
        )
        return Text(f"no shock: {why}", "dim")
    line = Text("shock: ", "bold")
    line.append(
        f"{shock.damage} damage >= {shock.threshold} (half its maximum Body): Resilience feat "
        f"{shock.roll}{shock.modifier:+d} = {shock.total} vs Comp {shock.comp} (5 + damage): "
    )
    if shock.saved:
        line.append("saved", "bold green")
    else:
        line.append("fails", "bold red")
        line.append_text(
            text(f"; {victim} is incapacitated for its next {shock.incapacitated_actions} ")
        )
        line.append("action" if shock.incapacitated_actions == 1 else "actions")
        line.append(" (d3; not unconscious)", "dim")
    return line
