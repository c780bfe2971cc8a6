"""The dice of ruleset files (Spellchrome weapon damage and armour DR): sums of dice and
numbers, ``3d20+4``, ``2d12kh1``, ``d3``, ``(2d6+1)-d4``. ``erc roll`` reads the full
grammar (``erc.core.roller``); keep is written ``kh``/``kl`` here, since a bare ``k3`` there
keeps the dice showing 3.

Text -> terms (``parse``) -> rolled result (``roll``). Sizes are bounded before any die
is drawn, so ``100000000d20`` is refused at once.
"""

from __future__ import annotations

import re

from erc.core.checks import succeeds
from erc.core.dice import DICE_BUDGET, MAX_SIDES, Dice, Die
from erc.core.errors import ErcError
from erc.core.text import ASCII_SPACE
from erc.core.value import Value

MAX_LENGTH = 200
MAX_DEPTH = 8
MAX_TERMS = 50
MAX_CONSTANT = 1_000_000

_TOKEN = re.compile(r"\s*(?:(\d*)[dD](\d+|%)(?:(k[hl]|K[HL])(\d+))?|(\d+)|([-+()]))", re.ASCII)
"""A term: ASCII digits and white space only (``\\d`` alone would read a fullwidth digit)."""


class DiceTerm(Value):
    sign: int
    count: int
    sides: int
    keep: str | None = None  # "h" or "l"
    keep_n: int = 0


class Constant(Value):
    sign: int
    value: int


Term = DiceTerm | Constant


class RollResult(Value):
    expression: str
    total: int
    dice: tuple[Die, ...]
    constant: int
    vs: int | None = None
    successes: int | None = None


def _error(text: str, pos: int, why: str) -> ErcError:
    return ErcError("bad-expression", f"{why} at column {pos + 1} of {text!r}", column=pos + 1)


_PARSED: dict[str, tuple[Term, ...]] = {}
MAX_KEPT_PARSES = 1024
"""Expressions ``parse`` keeps parsed (a fight rolls a weapon's damage at every hit)."""


def parse(text: str) -> tuple[Term, ...]:
    """The signed terms of ``text`` (``_parse``), kept for the next time."""
    terms = _PARSED.get(text)
    if terms is None:
        terms = _parse(text)
        if len(_PARSED) < MAX_KEPT_PARSES:
            _PARSED[text] = terms
    return terms


def _parse(text: str) -> tuple[Term, ...]:
    """The signed terms of ``text``; parentheses only group signs."""
    if len(text) > MAX_LENGTH:
        raise ErcError("bad-expression", f"a dice expression is at most {MAX_LENGTH} characters")
    terms: list[Term] = []
    signs = [1]  # the sign each open parenthesis applies
    sign = 1
    expect_term = True
    pos = 0
    text_end = len(text.rstrip(ASCII_SPACE))
    if not text.strip(ASCII_SPACE):
        raise ErcError("bad-expression", "an empty dice expression; try 3d20+4")
    while pos < text_end:
        match = _TOKEN.match(text, pos)
        if not match:
            raise _error(
                text,
                pos + (len(text[pos:]) - len(text[pos:].lstrip(ASCII_SPACE))),
                "expected a die like 2d20, a number, +, - or a parenthesis",
            )
        start = match.start() + (len(match.group(0)) - len(match.group(0).lstrip(ASCII_SPACE)))
        count, sides, keep, keep_n, number, op = match.groups()
        pos = match.end()
        if op in ("+", "-"):
            sign = sign * (-1 if op == "-" else 1)
            expect_term = True
            continue
        if op == "(":
            if not expect_term:
                raise _error(text, start, "expected + or - before '('")
            if len(signs) > MAX_DEPTH:
                raise _error(text, start, f"parentheses nested deeper than {MAX_DEPTH}")
            signs.append(signs[-1] * sign)
            sign = 1
            continue
        if op == ")":
            if expect_term or len(signs) == 1:
                raise _error(text, start, "unexpected ')'")
            signs.pop()
            continue
        if not expect_term:
            raise _error(text, start, "expected + or - between terms")
        effective = signs[-1] * sign
        if number is not None:
            if len(number) > 7 or int(number) > MAX_CONSTANT:
                raise _error(text, start, f"a constant is at most {MAX_CONSTANT}")
            terms.append(Constant(effective, int(number)))
        else:
            terms.append(_dice(text, start, effective, count, sides, keep, keep_n))
        if len(terms) > MAX_TERMS:
            raise _error(text, start, f"more than {MAX_TERMS} terms")
        sign, expect_term = 1, False
    if expect_term:
        raise _error(text, text_end, "the expression ends where a term was expected")
    if len(signs) > 1:
        raise _error(text, text_end, "a '(' is never closed")
    if sum(t.count for t in terms if isinstance(t, DiceTerm)) > DICE_BUDGET:
        raise ErcError("dice-budget", f"{text!r} rolls more than {DICE_BUDGET} dice")
    return tuple(terms)


def _dice(
    text: str, pos: int, sign: int, count: str, sides: str, keep: str | None, keep_n: str | None
) -> DiceTerm:
    if len(count) > 7 or (count and int(count) > DICE_BUDGET):
        raise ErcError(
            "dice-budget", f"{text!r} rolls more than {DICE_BUDGET} dice", column=pos + 1
        )
    n = int(count) if count else 1
    faces = 100 if sides == "%" else (int(sides) if len(sides) <= 7 else MAX_SIDES + 1)
    if n < 1:
        raise _error(text, pos, "a dice term rolls at least one die")
    if not 1 <= faces <= MAX_SIDES:
        raise _error(text, pos, f"a die has 1 to {MAX_SIDES} sides")
    if keep is None:
        return DiceTerm(sign, n, faces)
    k = int(keep_n or 0) if len(keep_n or "") <= 7 else n + 1
    if not 1 <= k <= n:
        raise _error(text, pos, f"can keep 1 to {n} of {n}d{faces}, not {k}")
    return DiceTerm(
        sign=sign, count=n, sides=faces, keep="l" if keep.lower() == "kl" else "h", keep_n=k
    )


def roll(text: str, dice: Dice, vs: int | None = None, purpose: str | None = None) -> RollResult:
    """Roll ``text``; with ``vs``, count kept dice that reach it as an ER pool does (R5.2).

    ``purpose`` prefixes each die's label in the ``rolls`` list (``"Vex damage 2d10 1"``);
    without it a die is labelled by its term alone (``"2d10 1"``)."""
    terms = parse(text)
    total = 0
    rolled: list[Die] = []
    constant = sum(t.sign * t.value for t in terms if isinstance(t, Constant))
    for term in terms:
        if isinstance(term, Constant):
            total += term.sign * term.value
            continue
        label = f"{term.count}d{term.sides}"
        if purpose:
            label = f"{purpose} {label}"
        values = (
            dice.roll_many(term.count, term.sides, label)
            if term.count > 1
            else [dice.roll(term.sides, label)]
        )
        kept = _kept(values, term)
        total += term.sign * sum(v for v, k in zip(values, kept, strict=True) if k)
        rolled += [Die(term.sides, v, k) for v, k in zip(values, kept, strict=True)]
    successes = None
    if vs is not None:
        successes = sum(1 for d in rolled if d.kept and _reaches(d, constant, vs))
    return RollResult(
        expression=text.strip(ASCII_SPACE),
        total=total,
        dice=tuple(rolled),
        constant=constant,
        vs=vs,
        successes=successes,
    )


def _kept(values: list[int], term: DiceTerm) -> list[bool]:
    if term.keep is None:
        return [True] * len(values)
    order = sorted(range(len(values)), key=lambda i: values[i], reverse=term.keep == "h")
    chosen = set(order[: term.keep_n])
    return [i in chosen for i in range(len(values))]


def _reaches(die: Die, constant: int, vs: int) -> bool:
    """R1.3: on a d20 a raw 20 always counts and a raw 1 never does."""
    return succeeds(die.value, constant, vs, die.die)
