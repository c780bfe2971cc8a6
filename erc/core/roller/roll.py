"""Tree -> rolled result: d20's evaluation, dice drawn from a ``Dice`` (seeded or --rolls).

The order dice are drawn in (the ``--rolls`` order): terms left to right; within a term its
N dice first, then each operator in turn, as d20 applies them: ``rr`` rerolls every matching
die, in the term's order, round after round until none matches; ``ro`` rerolls each matching
die once; ``e`` rolls one more die for each matching die, round after round, each die
exploding once; ``ra`` rolls one more die for the first matching die only. A die added by an
explosion joins the term (later operators and ``k``/``p`` see it). ``mi``/``ma`` change a
die's face without drawing. Every die drawn counts against the dice budget; an explosion
chain stops after ``EXPLODE_DEPTH`` rounds (``capped`` in the result).
"""

from __future__ import annotations

import operator

from erc.core.errors import ErcError
from erc.core.roller import tree as t
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any

    from erc.core.dice import Dice

EXPLODE_DEPTH = 20
"""The most rounds one ``e`` explodes for: a die explodes at most this many times in a row,
and the last die rolled is then kept as it shows (d20 has no such limit)."""


class ExprDie(Value):
    """One die of ``erc roll`` (CONTRACT: ``dice`` entries ``{die, value, kept}``), and what
    happened to it: the faces it showed before rerolls replaced them, whether it exploded (an
    explosion added the next die) or was added by one, and the face ``mi``/``ma`` changed."""

    die: int
    value: int
    kept: bool
    term: str
    """The dice term it belongs to, as written back (``4d6e6``)."""
    rerolled_from: tuple[int, ...] = ()
    exploded: bool = False
    from_explosion: bool = False
    clamped_from: int | None = None


class RollResult(Value):
    expression: str
    total: int
    text: str
    """The roll written out, d20-style: ``4d6kh3 (6, 5, ~~1~~, 4) + 3 = 18``."""
    dice: tuple[ExprDie, ...]
    constant: int
    """The numbers added at the top level (``3d20+4``: 4), used by ``--vs``."""
    annotations: tuple[str, ...] = ()
    capped: bool = False
    """An explosion stopped at the depth limit (``EXPLODE_DEPTH``)."""
    vs: int | None = None
    successes: int | None = None


class RollOdds(Value):
    """``erc roll EXPR --odds`` (``result.odds``): the exact distribution of the total (with
    ``--vs``, of the successes)."""

    distribution: Mapping[int, float]
    """Each total (the key) -> its probability."""
    mean: float
    at_least: Mapping[int, float]
    """With ``--at-least N``: N -> the chance of N or more; else empty."""
    truncated: float
    """The chance that an explosion stopped at the depth limit (its outcomes are counted
    as the roll stops them)."""


class Unrolled(Value):
    """``erc roll EXPR --odds`` alone: nothing is rolled; the odds say it all."""

    expression: str
    vs: int | None = None


class Die:
    """A die while rolling: every face it showed (rerolls append), the face ``mi``/``ma``
    forced, whether it counts, exploded, or came from an explosion."""

    __slots__ = ("added", "exploded", "faces", "forced", "kept", "sides")

    def __init__(self, sides: int, face: int, added: bool = False) -> None:
        self.sides = sides
        self.faces = [face]
        self.forced: int | None = None
        self.kept = True
        self.exploded = False
        self.added = added

    def number(self) -> Any:
        return self.faces[-1] if self.forced is None else self.forced

    def total(self) -> Any:
        return self.number() if self.kept else 0


class Rolled:
    """A node of the rolled expression (d20's ``Number``): ``kind`` is one of ``literal``,
    ``dice``, ``set``, ``paren``, ``unop``, ``binop``."""

    __slots__ = ("annotations", "dice", "items", "kept", "kind", "node", "op", "ops", "value")

    def __init__(self, kind: str, node: Any, value: Any = None, items: list[Rolled] = ()) -> None:  # type: ignore[assignment]
        self.kind = kind
        self.node = node
        self.value = value
        self.op = ""
        self.items = list(items)
        self.dice: list[Die] = []
        self.kept = True
        self.annotations: tuple[str, ...] = ()
        self.ops: tuple[t.Operation, ...] = ()

    def number(self) -> Any:
        kind = self.kind
        if kind == "literal":
            return self.value
        if kind == "dice":
            return sum(d.total() for d in self.dice)
        if kind == "set":
            return sum(i.total() for i in self.items)
        if kind == "paren":
            return self.items[0].total()
        if kind == "unop":
            value = self.items[0].total()
            return -value if self.op == "-" else value
        return _binary(self)

    def total(self) -> Any:
        return self.number() if self.kept else 0

    def members(self) -> list[Any]:
        """What ``k``/``p`` choose among (d20's ``set``): dice, set members, or itself."""
        if self.kind == "dice":
            return self.dice
        if self.kind == "set":
            return self.items
        if self.kind == "paren":
            return self.items[0].members()
        return [self]


def _binary(node: Rolled) -> Any:
    op = node.op
    left, right = node.items[0].total(), node.items[1].total()
    if op in ("/", "//", "%") and right == 0:
        raise ErcError(
            "division-by-zero",
            f"{op} by zero (the right side came to 0) at column {node.node.column}",
            column=node.node.column,
        )
    return ARITHMETIC[op](left, right)


def _divide(left: Any, right: Any) -> Any:
    from fractions import Fraction

    return Fraction(left) / right


ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": _divide,  # exact: the total is cut toward zero only at the end
    "//": operator.floordiv,
    "%": operator.mod,
    "==": lambda a, b: int(a == b),
    "!=": lambda a, b: int(a != b),
    "<": lambda a, b: int(a < b),
    ">": lambda a, b: int(a > b),
    "<=": lambda a, b: int(a <= b),
    ">=": lambda a, b: int(a >= b),
}
"""d20's binary operators on two totals (a divisor of 0 is refused before): comparisons
give 1 or 0. ``--odds`` applies them to every pair of outcomes."""


class Roller:
    """Rolls one tree with ``dice``; ``purpose`` prefixes each die's label."""

    def __init__(self, dice: Dice, purpose: str | None = None) -> None:
        self.dice = dice
        self.purpose = purpose
        self.capped = False

    def evaluate(self, node: t.Node) -> Rolled:
        if isinstance(node, t.Literal):
            return Rolled("literal", node, node.value)
        if isinstance(node, t.Dice):
            return self.roll_dice(node, ())
        if isinstance(node, t.Operated):
            target = node.target
            if isinstance(target, t.Dice):
                return self.roll_dice(target, node.operations)
            rolled = self.evaluate(target)
            rolled.ops = node.operations
            for operation in node.operations:
                keep_or_drop(rolled, operation)
            return rolled
        if isinstance(node, t.NumberSet):
            return Rolled("set", node, items=[self.evaluate(i) for i in node.items])
        if isinstance(node, t.Parenthetical):
            return Rolled("paren", node, items=[self.evaluate(node.inner)])
        if isinstance(node, t.Annotated):
            rolled = self.evaluate(node.value)
            rolled.annotations += node.annotations
            return rolled
        if isinstance(node, t.UnOp):
            rolled = Rolled("unop", node, items=[self.evaluate(node.value)])
        else:
            rolled = Rolled(
                "binop", node, items=[self.evaluate(node.left), self.evaluate(node.right)]
            )
        rolled.op = node.op
        return rolled

    def roll_dice(self, dice: t.Dice, operations: tuple[t.Operation, ...]) -> Rolled:
        label = str(dice) + "".join(str(o) for o in operations)
        if self.purpose:
            label = f"{self.purpose} {label}"
        rolled = Rolled("dice", dice)
        rolled.ops = operations
        draw = self.dice.roll
        sides = dice.sides
        column = dice.column
        try:
            if dice.count == 1:
                rolled.dice = [Die(sides, draw(sides, label))]
            else:
                rolled.dice = [
                    Die(sides, draw(sides, f"{label} {i}")) for i in range(1, dice.count + 1)
                ]
            for operation in operations:
                column = operation.column
                self.operate(rolled, operation, label)
        except ErcError as error:
            if error.code == "dice-budget" and error.column is None:
                raise ErcError(
                    "dice-budget", f"{error.message} (at column {column})", column=column
                ) from None
            raise
        return rolled

    def operate(self, rolled: Rolled, operation: t.Operation, label: str) -> None:
        op = operation.op
        if op in ("k", "p"):
            keep_or_drop(rolled, operation)
        elif op in ("rr", "ro"):
            chosen = select(rolled.dice, operation.selectors)
            while chosen:
                for die in chosen:
                    at = rolled.dice.index(die) + 1
                    die.faces.append(self.dice.roll(die.sides, f"{label} {at} reroll"))
                    die.forced = None  # d20: a reroll replaces the face mi/ma set
                chosen = select(rolled.dice, operation.selectors) if op == "rr" else []
        elif op in ("e", "ra"):
            self.explode(rolled, operation, label)
        else:
            limit = operation.selectors[-1].number
            for die in rolled.dice:
                if die.kept and (die.number() < limit if op == "mi" else die.number() > limit):
                    die.forced = limit

    def explode(self, rolled: Rolled, operation: t.Operation, label: str) -> None:
        once = operation.op == "ra"
        done: set[int] = set()
        for _ in range(1 if once else EXPLODE_DEPTH):
            chosen = [
                d
                for d in select(rolled.dice, operation.selectors, 1 if once else None)
                if id(d) not in done
            ]
            if not chosen:
                return
            for die in chosen:
                die.exploded = True
                done.add(id(die))
                at = len(rolled.dice) + 1
                face = self.dice.roll(die.sides, f"{label} {at} explosion")
                rolled.dice.append(Die(die.sides, face, added=True))
        if not once and any(id(d) not in done for d in select(rolled.dice, operation.selectors)):
            self.capped = True


def select(
    members: list[Any], selectors: tuple[t.Selector, ...], most: int | None = None
) -> list[Any]:
    """The kept members the selectors choose (d20's ``SetOperator.select``), in the
    members' order; ``most``: at most that many (``ra``)."""
    kept = [m for m in members if m.kept]
    chosen: dict[int, Any] = {}
    for selector in selectors:
        room = None if most is None else most - len(chosen)
        if room == 0:
            break
        kind, number = selector.kind, selector.number
        if kind == "h":
            found = sorted(kept, key=lambda m: m.total(), reverse=True)[:number]
        elif kind == "l":
            found = sorted(kept, key=lambda m: m.total())[:number]
        elif kind == "<":
            found = [m for m in kept if m.total() < number]
        elif kind == ">":
            found = [m for m in kept if m.total() > number]
        else:
            found = [m for m in kept if m.total() == number]
        for member in found[:room]:
            chosen[id(member)] = member
    return [m for m in members if id(m) in chosen]


def keep_or_drop(rolled: Rolled, operation: t.Operation) -> None:
    members = rolled.members()
    chosen = {id(m) for m in select(members, operation.selectors)}
    for member in members:
        if member.kept and (id(member) in chosen) == (operation.op == "p"):
            member.kept = False


def constant_of(node: t.Node) -> Any:
    """The numbers added at the top level of ``node`` (``3d20+4-1``: 3)."""
    if isinstance(node, t.Literal):
        return node.value
    if isinstance(node, t.Annotated):
        return constant_of(node.value)
    if isinstance(node, t.Parenthetical):
        return constant_of(node.inner)
    if isinstance(node, t.UnOp):
        value = constant_of(node.value)
        return -value if node.op == "-" else value
    if isinstance(node, t.BinOp) and node.op in ("+", "-"):
        right = constant_of(node.right)
        return constant_of(node.left) + (right if node.op == "+" else -right)
    return 0


def dice_of(rolled: Rolled, counts: bool = True) -> list[ExprDie]:
    """Every die of ``rolled`` in draw order within each term, terms left to right; a die
    is ``kept`` when it counts toward the total (it and every group around it kept)."""
    counts = counts and rolled.kept
    if rolled.kind != "dice":
        found: list[ExprDie] = []
        for item in rolled.items:
            found += dice_of(item, counts)
        return found
    term = str(rolled.node) + "".join(str(o) for o in rolled.ops)
    return [
        ExprDie(
            die=d.sides,
            value=d.number(),
            kept=counts and d.kept,
            term=term,
            rerolled_from=tuple(d.faces[:-1]),
            exploded=d.exploded,
            from_explosion=d.added,
            clamped_from=None if d.forced is None else d.faces[-1],
        )
        for d in rolled.dice
    ]


def annotations_of(rolled: Rolled) -> tuple[str, ...]:
    found = rolled.annotations
    for item in rolled.items:
        found += annotations_of(item)
    return found


def roll(
    text: str,
    dice: Dice,
    vs: int | None = None,
    *,
    purpose: str | None = None,
    tree: t.Node | None = None,
) -> RollResult:
    """Roll ``text`` (parsed again unless ``tree`` is given); with ``vs``, count the kept
    dice whose face plus the top-level constant reaches it, as an ER pool does (R5.2)."""
    from erc.core.roller.parse import parse

    node = tree if tree is not None else parse(text)
    roller = Roller(dice, purpose)
    rolled = roller.evaluate(node)
    total = int(rolled.total())  # d20: a fraction left by / is cut toward zero at the end
    constant = int(constant_of(node))
    faces = dice_of(rolled)
    successes = None
    if vs is not None:
        from erc.core.checks import succeeds

        successes = sum(1 for d in faces if d.kept and succeeds(d.value, constant, vs, d.die))
    return RollResult(
        expression=text.strip(" \t\n\f\r"),
        total=total,
        text=f"{written(rolled)} = {total}",
        dice=tuple(faces),
        constant=constant,
        annotations=annotations_of(rolled),
        capped=roller.capped,
        vs=vs,
        successes=successes,
    )


# --- A rolled result as one line, in d20's manner: ``4d6kh3 (6, 5, ~~1~~, 4) + 3`` ----------
#
# A dropped die or group is struck through (``~~1~~``), a face rerolled away too, an exploded
# die carries ``!``, a face ``mi``/``ma`` changed shows both (``1 -> 2``); annotations follow
# what they annotate. (Here, not in a module of its own: that one would import ``Die`` and
# ``Rolled`` for its annotations while this one imports it, a circle.)


def number(value: object) -> str:
    """An int as written; a fraction as a decimal, as d20 shows its floats (7.5)."""
    if isinstance(value, int):
        return str(value)
    text = f"{float(value):.4f}".rstrip("0").rstrip(".")  # type: ignore[arg-type]
    return text


def _die(die: Die) -> str:
    shown = [f"~~{f}~~" for f in die.faces[:-1]]
    last = str(die.faces[-1]) if die.forced is None else f"{die.faces[-1]} -> {die.forced}"
    if die.exploded:
        last += "!"
    shown.append(last if die.kept else f"~~{last}~~")
    return ", ".join(shown)


def written(rolled: Rolled) -> str:
    kind = rolled.kind
    ops = "".join(str(o) for o in rolled.ops)
    if kind == "literal":
        out = number(rolled.value)
    elif kind == "dice":
        out = f"{rolled.node}{ops} ({', '.join(_die(d) for d in rolled.dice)})"
    elif kind == "set":
        inner = ", ".join(written(i) for i in rolled.items)
        out = f"({inner},){ops}" if len(rolled.items) == 1 else f"({inner}){ops}"
    elif kind == "paren":
        out = f"({written(rolled.items[0])}){ops}"
    elif kind == "unop":
        out = f"{rolled.op}{written(rolled.items[0])}"
    else:
        out = f"{written(rolled.items[0])} {rolled.op} {written(rolled.items[1])}"
    if rolled.annotations:
        out += " " + " ".join(rolled.annotations)
    if not rolled.kept and kind != "dice":
        return f"~~{out}~~"
    if not rolled.kept:
        return f"~~{out}~~"
    return out
