"""Human output of a check against a number, the same in every ruleset: ER ``erc feat``,
Spellchrome ``erc ability``, Elysium ``erc skill`` (``erc.core.checks.Against``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.text import Text

from erc.core.human import clean, table, text
from erc.core.outcome import Outcome


def render(outcome: Outcome) -> Iterator[Any]:
    result = outcome.result
    grid = table(None, "name", "check", "die", "modifier", "total", result.target_name, "result")
    dice = Text()
    for i, die in enumerate(result.dice):
        dice.append(("  " if i else "") + str(die.value), style="bold" if die.kept else "dim")
    if result.no_roll:
        dice = Text("no roll", style="dim")
    terms = (
        " ".join(f"{v:+d} {k}" for k, v in result.parts.items()) if len(result.parts) > 1 else ""
    )
    if result.success is None:
        verdict = Text("not rolled", style="dim")
    elif result.success:
        verdict = Text("success", style="bold green")
    else:
        verdict = Text("fails", style="bold red")
    grid.add_row(
        text(result.name, "bold"),
        text(result.check),
        dice,
        text(f"{result.modifier:+d}" + (f" ({terms})" if terms else "")),
        text("" if result.total is None else str(result.total)),
        text(str(result.target)),
        verdict,
    )
    yield grid
    why = []
    if result.no_roll:
        why.append(f"no roll: {result.no_roll}")
    if result.natural:
        why.append(f"a natural {result.roll} decides it")
    if result.advantage != "normal":
        reasons = result.advantage_from + result.disadvantage_from
        why.append(f"{result.advantage} ({', '.join(reasons)})")
    ap = getattr(result, "ap", None)  # Elysium --ap
    if ap is not None:
        why.append(f"costs {ap.cost} AP ({ap.after} of {ap.before} left)")
    if why:
        yield text(clean("; ".join(why)), "dim")
    if outcome.odds is not None:
        odds = outcome.odds
        yield text(f"odds: success {odds['p_success']:.1%} ({odds['exact']['p_success']})")
