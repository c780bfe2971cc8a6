"""Text -> tree: avrae/d20's grammar (``d20/grammar.lark``), by recursive descent.

Lowest binding first: comparisons (``==``, ``!=``, ``<=``, ``>=``, ``<``, ``>``), then ``+``
``-``, then ``*`` ``/`` ``//`` ``%``, then unary ``+`` ``-``, then a number, dice or a
parenthesised set, each followed by its operators and annotations (``[fire]``). White space
may stand between terms and operators, never inside a term (``4d6 kh3`` is an error, as in
d20). Every error is ``bad-expression`` (or ``dice-budget``, ``endless-dice``) with the
column it is found at; limits are checked here, before any die is drawn.
"""

from __future__ import annotations

from erc.core.dice import DICE_BUDGET, MAX_SIDES
from erc.core.errors import ErcError
from erc.core.roller.tree import (
    IMMEDIATE,
    Annotated,
    BinOp,
    Dice,
    Literal,
    Node,
    NumberSet,
    Operated,
    Operation,
    Parenthetical,
    Selector,
    UnOp,
    dice_terms,
)

MAX_LENGTH = 200
"""The longest expression, in characters."""
MAX_NESTING = 32
"""Parentheses and unary signs nested deeper than this are refused."""
MAX_SET = 50
"""The most members one set may have."""
MAX_CONSTANT = 1_000_000
"""The largest number written in an expression (and selector)."""
SPACE = " \t\n\f\r"
_COMPARISONS = ("==", "!=", ">=", "<=", "<", ">")
_MULTIPLICATIVE = ("*", "//", "/", "%")
_OPERATORS = ("rr", "ro", "ra", "mi", "ma", "e", "k", "p")


def error(text: str, column: int, why: str, code: str = "bad-expression") -> ErcError:
    """An error at ``column`` (from 1) of ``text``."""
    return ErcError(code, f"{why} at column {column} of {text!r}", column=column)


def parse(text: str) -> Node:
    """The tree of ``text``; a clean ``ErcError`` with the column for anything else."""
    if len(text) > MAX_LENGTH:
        raise ErcError("bad-expression", f"a dice expression is at most {MAX_LENGTH} characters")
    if not text.strip(SPACE):
        raise ErcError("bad-expression", "an empty dice expression; try 3d20+4")
    parser = _Parser(text)
    node = parser.comparison()
    parser.skip_space()
    if parser.pos < len(text):
        raise parser.fail(_unexpected(text, parser.pos))
    check(text, node)
    return node


def _unexpected(text: str, pos: int) -> str:
    char = text[pos]
    if char == ")":
        return "a ')' with no '(' before it"
    if char.isalpha():
        return f"unknown operator {char!r} (dice take kh kl ph pl k p rr ro ra e mi ma)"
    return f"unexpected {char!r}: expected an operator (+ - * / // % == < > ...)"


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = len(text) - len(text.lstrip(SPACE))
        self.depth = 0

    def fail(self, why: str, pos: int | None = None) -> ErcError:
        return error(self.text, (self.pos if pos is None else pos) + 1, why)

    def skip_space(self) -> None:
        text, pos = self.text, self.pos
        while pos < len(text) and text[pos] in SPACE:
            pos += 1
        self.pos = pos

    def take(self, options: tuple[str, ...]) -> str | None:
        for option in options:
            if self.text.startswith(option, self.pos):
                self.pos += len(option)
                return option
        return None

    def binary(self, options: tuple[str, ...], operand: str) -> Node:
        left: Node = getattr(self, operand)()
        while True:
            self.skip_space()
            at = self.pos
            op = self.take(options)
            if op is None:
                return left
            self.skip_space()
            left = BinOp(left, op, getattr(self, operand)(), at + 1)

    def comparison(self) -> Node:
        return self.binary(_COMPARISONS, "additive")

    def additive(self) -> Node:
        return self.binary(("+", "-"), "multiplicative")

    def multiplicative(self) -> Node:
        return self.binary(_MULTIPLICATIVE, "unary")

    def unary(self) -> Node:
        at = self.pos
        op = self.take(("+", "-"))
        if op is None:
            return self.annotated()
        self.nest(at)
        self.skip_space()
        value = self.unary()
        self.depth -= 1
        return UnOp(op, value, at + 1)

    def nest(self, at: int) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self.fail(f"nested deeper than {MAX_NESTING}", at)

    def annotated(self) -> Node:
        node = self.primary()
        annotations: list[str] = []
        while True:
            self.skip_space()
            if not self.text.startswith("[", self.pos):
                break
            end = self.text.find("]", self.pos)
            if end < 0 or "\n" in self.text[self.pos : end]:
                raise self.fail("an annotation '[' is never closed with ']'")
            annotations.append(self.text[self.pos : end + 1])
            self.pos = end + 1
        return Annotated(node, tuple(annotations)) if annotations else node

    def primary(self) -> Node:
        text, at = self.text, self.pos
        if at >= len(text):
            raise self.fail("the expression ends where a number, a die or '(' was expected")
        char = text[at]
        if char == "(":
            return self.set_or_parenthesis()
        if char in "dD":
            return self.dice(1, at)
        if (char.isdigit() and char.isascii()) or (char == "." and self.digits_at(at + 1)):
            return self.number()
        if char in ",)":
            raise self.fail(f"a missing operand before {char!r}")
        if char in "+-*/%=<>!":
            raise self.fail(f"a missing operand before {char!r}")
        raise self.fail(f"expected a number, a die like 2d20 or '(', not {char!r}")

    def digits_at(self, pos: int) -> int:
        text, end = self.text, pos
        while end < len(text) and text[end] in "0123456789":
            end += 1
        return end - pos

    def integer(self, what: str) -> int:
        length = self.digits_at(self.pos)
        if not length:
            raise self.fail(f"expected {what}")
        digits = self.text[self.pos : self.pos + length]
        if length > 7 or int(digits) > MAX_CONSTANT:
            raise self.fail(f"a number here is at most {MAX_CONSTANT}")
        self.pos += length
        return int(digits)

    def number(self) -> Node:
        at = self.pos
        length = self.digits_at(at)
        end = at + length
        if self.text.startswith(".", end):
            return self.decimal(at)
        if self.text[end : end + 1] in ("d", "D") and end < len(self.text):
            self.pos = end
            return self.dice(int(self.text[at:end]) if length <= 7 else DICE_BUDGET + 1, at)
        value = self.integer("a number")
        return Literal(value, self.text[at : self.pos], at + 1)

    def decimal(self, at: int) -> Node:
        from fractions import Fraction

        end = at + self.digits_at(at) + 1
        end += self.digits_at(end)
        written = self.text[at:end]
        if len(written) > 12:
            raise self.fail("a decimal number is at most 12 characters")
        self.pos = end
        value = Fraction(written if written[-1] != "." else written[:-1])
        if value > MAX_CONSTANT:
            raise self.fail(f"a number here is at most {MAX_CONSTANT}", at)
        return Literal(value, written, at + 1)

    def dice(self, count: int, at: int) -> Node:
        self.pos += 1  # the d
        percent = self.text.startswith("%", self.pos)
        if percent:
            self.pos += 1
            sides = 100
        else:
            sides = self.integer("the number of sides after 'd' (d6, d20, d%)")
        if count > DICE_BUDGET:
            raise error(
                self.text, at + 1, f"more than {DICE_BUDGET} dice in one term", "dice-budget"
            )
        if not 1 <= sides <= MAX_SIDES:
            raise self.fail(f"a die has 1 to {MAX_SIDES} sides, not {sides}", at)
        target = Dice(count, sides, at + 1, percent)
        operations = self.operations(_OPERATORS)
        return Operated(target, operations) if operations else target

    def set_or_parenthesis(self) -> Node:
        at = self.pos
        self.nest(at)
        self.pos += 1
        self.skip_space()
        items: list[Node] = []
        comma = False
        while not self.text.startswith(")", self.pos):
            if items and not comma:
                raise self.fail("expected ',' or ')' in a set")
            if len(items) == MAX_SET:
                raise self.fail(f"a set of more than {MAX_SET} members")
            items.append(self.comparison())
            self.skip_space()
            comma = self.take((",",)) is not None
            self.skip_space()
            if self.pos >= len(self.text):
                raise self.fail("a '(' is never closed", at)
        self.pos += 1
        self.depth -= 1
        group: NumberSet | Parenthetical = (
            Parenthetical(items[0], at + 1)
            if len(items) == 1 and not comma
            else NumberSet(tuple(items), at + 1)
        )
        operations = self.operations(("k", "p"))
        return Operated(group, operations) if operations else group

    def take_letters(self, options: tuple[str, ...]) -> str | None:
        """``take`` for operator letters, in either case (``2d12KH1``, as erc read before)."""
        for option in options:
            if self.text[self.pos : self.pos + len(option)].lower() == option:
                self.pos += len(option)
                return option
        return None

    def operations(self, names: tuple[str, ...]) -> tuple[Operation, ...]:
        found: list[Operation] = []
        while True:
            at = self.pos
            op = self.take_letters(names)
            if op is None:
                if self.pos < len(self.text) and self.text[self.pos] in "kKpPrReEmM":
                    raise self.fail(_unexpected(self.text, self.pos))
                return tuple(found)
            kind = self.take_letters(("h", "l", "<", ">"))
            if not self.digits_at(self.pos):
                if op in IMMEDIATE:
                    raise self.fail(f"operator {op!r} needs a number, as in {op}2")
                raise self.fail(f"operator {op!r} needs a selector such as {op}h3, {op}<3 or {op}3")
            selector = Selector(kind, self.integer("a number"))
            last = found[-1] if found else None
            if last is not None and last.op == op and op not in IMMEDIATE:
                found[-1] = Operation(op, (*last.selectors, selector), last.column)
            else:
                found.append(Operation(op, (selector,), at + 1))


def check(text: str, node: Node) -> None:
    """Limits of the whole expression: the dice it rolls before any reroll, minimum and
    maximum with an exact number, and rerolls or explosions that could never stop."""
    counted = 0
    for term in dice_terms(node):
        dice = term if isinstance(term, Dice) else term.target
        assert isinstance(dice, Dice)
        counted += dice.count
        if isinstance(term, Operated):
            for operation in term.operations:
                _check_operation(text, dice, operation)
    if counted > DICE_BUDGET:
        raise error(text, 1, f"more than {DICE_BUDGET} dice in all", "dice-budget")


def _check_operation(text: str, dice: Dice, operation: Operation) -> None:
    op, selectors, sides = operation.op, operation.selectors, dice.sides
    if op in IMMEDIATE and selectors[-1].kind is not None:
        raise error(text, operation.column, f"{operation} takes a plain number, as in {op}2")
    if op not in ("rr", "e") or dice.count == 0:  # no die to reroll or explode: 0d6rrh1 is 0
        return
    if op == "rr" and any(s.kind in ("h", "l") and s.number > 0 for s in selectors):
        why = f"{operation} rerolls the highest or lowest die forever"
        raise error(text, operation.column, why, "endless-dice")
    faces = set(range(1, sides + 1))
    for selector in selectors:
        if selector.kind is None:
            faces.discard(selector.number)
        elif selector.kind == "<":
            faces = {f for f in faces if f >= selector.number}
        elif selector.kind == ">":
            faces = {f for f in faces if f <= selector.number}
    if not faces:
        what = "rerolls" if op == "rr" else "explodes"
        why = f"{operation} {what} every face of a d{sides}, so it could never stop"
        raise error(text, operation.column, why, "endless-dice")
