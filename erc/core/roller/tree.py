"""The parsed form of a dice expression: frozen nodes, each with the column it starts at
(counted from 1), so a later error (a die budget, a division by zero) can point at it."""

from __future__ import annotations

from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from fractions import Fraction

    Number = int | Fraction

SET_OPS = ("k", "p")
"""Keep and drop: on dice and on sets."""
DICE_OPS = ("rr", "ro", "ra", "mi", "ma", "e")
"""Reroll, reroll once, explode once, minimum, maximum, explode: on dice only."""
IMMEDIATE = ("mi", "ma")
"""Operators never merged with a neighbour of the same name (d20's ``IMMEDIATE``)."""


class Selector(Value):
    """Which members an operator acts on: ``h3`` the highest three, ``l1``, ``<3``, ``>3``,
    or (``kind`` None) those equal to ``number``."""

    kind: str | None
    number: int

    def __str__(self) -> str:
        return f"{self.kind or ''}{self.number}"


class Operation(Value):
    """``kh3``; consecutive uses of one operator are one operation with several selectors
    (``k1k2`` keeps the 1s and the 2s), as in d20."""

    op: str
    selectors: tuple[Selector, ...]
    column: int

    def __str__(self) -> str:
        return "".join(f"{self.op}{s}" for s in self.selectors)


class Literal(Value):
    value: Number
    text: str
    column: int


class Dice(Value):
    """``NdS``; ``d%`` is ``sides`` 100 with ``percent`` set (written back as ``d%``)."""

    count: int
    sides: int
    column: int
    percent: bool = False

    def __str__(self) -> str:
        return f"{self.count}d{'%' if self.percent else self.sides}"


class NumberSet(Value):
    """``(1d20+5, 1d20+5)``: a set of expressions (``(1,)`` is a set of one)."""

    items: tuple[Node, ...]
    column: int


class Parenthetical(Value):
    inner: Node
    column: int


class Operated(Value):
    """Dice, a set or a parenthesis with operators: ``4d6kh3``, ``(1, 2, 3)p1``."""

    target: Dice | NumberSet | Parenthetical
    operations: tuple[Operation, ...]


class UnOp(Value):
    op: str
    value: Node
    column: int


class BinOp(Value):
    left: Node
    op: str
    right: Node
    column: int
    """The column of the operator."""


class Annotated(Value):
    """``9 [fire]``: annotations ride along into the result."""

    value: Node
    annotations: tuple[str, ...]


Node = Literal | Dice | NumberSet | Parenthetical | Operated | UnOp | BinOp | Annotated


def dice_terms(node: Node) -> list[Operated | Dice]:
    """Every dice term of ``node``, left to right (the order they are rolled)."""
    if isinstance(node, Dice):
        return [node]
    if isinstance(node, Operated) and isinstance(node.target, Dice):
        return [node]
    found: list[Operated | Dice] = []
    for child in children(node):
        found += dice_terms(child)
    return found


def children(node: Node) -> tuple[Node, ...]:
    if isinstance(node, NumberSet):
        return node.items
    if isinstance(node, Parenthetical):
        return (node.inner,)
    if isinstance(node, Operated):
        return (node.target,)
    if isinstance(node, UnOp | Annotated):
        return (node.value,)
    if isinstance(node, BinOp):
        return (node.left, node.right)
    return ()
