"""Tree -> its exact distribution (``erc roll EXPR --odds``); imported only by ``--odds``.

Computed by outcome, never by listing every way the dice can fall:
- a dice term is worked out for one die through its per-die operators (rerolls, explosions,
  minimum, maximum, keeping or dropping by face): a distribution over what one die ends as
  (with an explosion, the chain of dice it grew), in whole-number ways;
- N such dice are summed as a polynomial power: the ways are packed into one integer
  (Kronecker substitution), so Python's big-number multiplication convolves them;
- keeping or dropping the highest or lowest n walks the faces from one end with binomial
  counts of how many dice show each face, a state being (dice left, dice chosen so far) and
  its sums again one packed polynomial;
- after explosions (a die may have grown a chain), die after die, a state being the n
  dice chosen so far (and, dropping, the sum of the rest);
- + - * / // % and comparisons combine the independent sides outcome by outcome.
What falls outside these (``ra``, a second keep, a parenthesis re-keeping the dice inside
it, ...) is enumerated die by die through the roller itself when that stays
within ``MAX_PATHS``; beyond the budgets it is a clean ``odds-too-costly`` error.
Explosions stop where the roller stops them (``EXPLODE_DEPTH``); ``truncated`` is the chance
that happens. icepool computes the same numbers (a test checks); this is faster on our
bench set (``make bench``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from math import comb, gcd
from typing import Any

from erc.core.checks import succeeds
from erc.core.dice import DICE_BUDGET, Dice
from erc.core.errors import ErcError
from erc.core.odds import as_odds
from erc.core.roller import tree as t
from erc.core.roller.roll import EXPLODE_DEPTH, Roller, constant_of, dice_of

MAX_PAIRS = 2_000_000
"""The most outcome pairs one operator may combine."""
MAX_STATES = 100_000
"""The most states one die (with its explosion chain) may end in."""
MAX_PATHS = 20_000
"""The most ways of falling the die-by-die enumeration may follow."""
MAX_SUPPORT = 200_000
"""The most distinct totals a distribution may have."""
MAX_BITS = 4_000_000
"""The largest packed polynomial multiplied, in bits (1000d6 would need 13 million)."""
MAX_CHAIN_WORK = 250_000
"""The most (state, chain) pairs keeping after explosions may combine."""
DECIMAL_FROM = 200_000
"""Packed polynomials of more bits than this are raised to a power in decimal."""
MAX_KEEP_WORK = 60_000_000
"""Keeping the highest or lowest of many dice: the most (multiplications x 64-bit words of the
polynomial) it may do: about two seconds (60d20kh30 needs 52 million)."""
MAX_KEEP_STEPS = 1_000_000
"""Keeping the highest or lowest: the most (faces x dice squared) steps it may take."""
MAX_WORK = 200_000
"""The die-by-die enumeration's budget: each replay of a prefix of n dice costs
(n+1)(n+2)/2, as its operators re-select dice that many times (``1d6el4`` is refused in
under a second, not five)."""

Value = Any  # an int, or a Fraction where / or a decimal made one
Chain = tuple[tuple[int, bool], ...]
"""What one die ends as: each die of its chain (itself, then those its explosions added),
as (face, kept)."""


class Dist:
    """Outcomes in whole-number ways out of ``den``; ``cut``: ways in which an explosion
    stopped at the depth limit."""

    __slots__ = ("cut", "den", "ways")

    def __init__(self, ways: dict[Value, int], den: int, cut: int = 0) -> None:
        self.ways = ways
        self.den = den
        self.cut = cut

    def fractions(self) -> dict[Value, Fraction]:
        return {v: Fraction(w, self.den) for v, w in sorted(self.ways.items())}


def _too_costly(text: str, why: str) -> ErcError:
    return ErcError("odds-too-costly", f"--odds of {text!r}: {why}; roll it instead")


# --- polynomials packed into one integer ---------------------------------------------


def _pack(ways: Mapping[int, int], low: int, bits: int) -> int:
    nbytes = bits // 8
    high = max(ways)
    raw = b"".join(ways.get(v, 0).to_bytes(nbytes, "little") for v in range(low, high + 1))
    return int.from_bytes(raw, "little")


def _unpack(packed: int, low: int, bits: int) -> dict[int, int]:
    nbytes = bits // 8
    raw = packed.to_bytes((packed.bit_length() + 7) // 8 + nbytes, "little")
    out: dict[int, int] = {}
    for slot in range(0, len(raw) // nbytes):
        count = int.from_bytes(raw[slot * nbytes : (slot + 1) * nbytes], "little")
        if count:
            out[low + slot] = count
    return out


def _slot_bits(largest_total: int) -> int:
    """Bits per coefficient: room for any sum of ways up to ``largest_total``, in bytes."""
    return (largest_total.bit_length() + 8) // 8 * 8


def _integral(dist: Dist) -> bool:
    return all(isinstance(v, int) for v in dist.ways)


def _power(dist: Dist, n: int) -> Dist:
    """The sum of ``n`` independent copies of ``dist``."""
    if n == 0:
        return Dist({0: 1}, 1)
    low, high = min(dist.ways), max(dist.ways)
    if (high - low) * n + 1 > MAX_SUPPORT:
        raise OverflowError
    den = dist.den**n
    bits = _slot_bits(den)
    if bits * ((high - low) * n + 1) > MAX_BITS:
        raise OverflowError
    if bits * ((high - low) * n + 1) > DECIMAL_FROM and bits < 12_000:
        ways = _decimal_power(dist.ways, low, n, den)
    else:
        ways = _unpack(_pack(dist.ways, low, bits) ** n, low * n, bits)
    cut = den - (dist.den - dist.cut) ** n
    return Dist(ways, den, cut)


def _decimal(ways: Mapping[int, int], low: int, width: int) -> Any:
    import decimal

    high = max(ways)
    digits = "".join(str(ways.get(v, 0)).zfill(width) for v in range(high, low - 1, -1))
    return decimal.Decimal(digits)


def _from_decimal(result: Any, offset: int, width: int) -> dict[int, int]:
    text = str(result)
    out: dict[int, int] = {}
    for slot in range((len(text) + width - 1) // width):
        end = len(text) - slot * width
        count = int(text[max(0, end - width) : end])
        if count:
            out[offset + slot] = count
    return out


def _decimal_power(ways: Mapping[int, int], low: int, n: int, den: int) -> dict[int, int]:
    """``_power`` for large polynomials: packed in decimal digits, so that libmpdec's
    number-theoretic multiplication does the work (twice as fast as ``int`` on 10d10e10's
    1.5 million bits, measured)."""
    import decimal

    offset = low * n
    width = int(den.bit_length() * 0.30103) + 2  # digits enough for any coefficient
    base, result = _decimal(ways, low, width), decimal.Decimal(1)
    while n:
        if n & 1:
            result = _context().multiply(result, base)
        n >>= 1
        if n:
            base = _context().multiply(base, base)
    return _from_decimal(result, offset, width)


def _context() -> Any:
    import decimal

    return decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN)


def _add(a: Dist, b: Dist, sign: int) -> Dist:
    """``a + b`` or ``a - b`` of independent integer distributions, packed."""
    if sign < 0:
        b = Dist({-v: w for v, w in b.ways.items()}, b.den, b.cut)
    low_a, low_b = min(a.ways), min(b.ways)
    span = max(a.ways) - low_a + max(b.ways) - low_b + 1
    if span > MAX_SUPPORT:
        raise OverflowError
    bits = _slot_bits(a.den * b.den)
    if bits * span > MAX_BITS:
        raise OverflowError
    if bits * span > DECIMAL_FROM and bits < 12_000:
        width = int((a.den * b.den).bit_length() * 0.30103) + 2
        product = _context().multiply(
            _decimal(a.ways, low_a, width), _decimal(b.ways, low_b, width)
        )
        return Dist(_from_decimal(product, low_a + low_b, width), a.den * b.den, _cut(a, b))
    product = _pack(a.ways, low_a, bits) * _pack(b.ways, low_b, bits)
    return Dist(_unpack(product, low_a + low_b, bits), a.den * b.den, _cut(a, b))


def _cut(a: Dist, b: Dist) -> int:
    return a.den * b.den - (a.den - a.cut) * (b.den - b.cut)


def _combine(a: Dist, b: Dist, op: Callable[[Value, Value], Value]) -> Dist:
    if len(a.ways) * len(b.ways) > MAX_PAIRS:
        raise OverflowError
    ways: dict[Value, int] = {}
    for x, m in a.ways.items():
        for y, n in b.ways.items():
            z = op(x, y)
            ways[z] = ways.get(z, 0) + m * n
    if len(ways) > MAX_SUPPORT:  # 1d1000*1d1000: 248,083 totals, each a fraction to print
        raise OverflowError
    return Dist(ways, a.den * b.den, _cut(a, b))


def _map(a: Dist, op: Callable[[Value], Value]) -> Dist:
    ways: dict[Value, int] = {}
    for x, m in a.ways.items():
        z = op(x)
        ways[z] = ways.get(z, 0) + m
    return Dist(ways, a.den, a.cut)


# --- one die through its operators ------------------------------------------------------


def _matches(face: int, selectors: tuple[t.Selector, ...]) -> bool:
    for s in selectors:
        if s.kind is None and face == s.number:
            return True
        if s.kind == "<" and face < s.number:
            return True
        if s.kind == ">" and face > s.number:
            return True
    return False


def _per_die(operation: t.Operation) -> bool:
    """Whether ``operation`` acts on each die alone (no highest/lowest, no ``ra``)."""
    if operation.op == "ra":
        return False
    return operation.op in ("mi", "ma") or all(
        s.kind not in ("h", "l") for s in operation.selectors
    )


ChainDist = dict[tuple[Chain, bool], int]
"""(chain, cut) -> ways."""


def _fresh(sides: int) -> ChainDist:
    return {(((f, True),), False): 1 for f in range(1, sides + 1)}


def _apply(
    states: ChainDist, den: int, sides: int, operation: t.Operation
) -> tuple[ChainDist, int]:
    op, selectors = operation.op, operation.selectors
    if op in ("k", "p", "mi", "ma"):
        out: ChainDist = {}
        for (chain, cut), ways in states.items():
            new = _sorted(tuple(_fixed(face, kept, op, selectors) for face, kept in chain))
            out[(new, cut)] = out.get((new, cut), 0) + ways
        return out, den
    if op in ("ro", "rr"):
        faces = [f for f in range(1, sides + 1) if op == "ro" or not _matches(f, selectors)]
        return _reroll(states=states, den=den, selectors=selectors, faces=faces)
    return _explode(states, den, sides, selectors)


def _fixed(face: int, kept: bool, op: str, selectors: tuple[t.Selector, ...]) -> tuple[int, bool]:
    if not kept:
        return face, kept
    if op == "k":
        return face, _matches(face, selectors)
    if op == "p":
        return face, not _matches(face, selectors)
    limit = selectors[-1].number
    return (max(face, limit) if op == "mi" else min(face, limit)), kept


def _reroll(
    *, states: ChainDist, den: int, selectors: tuple[t.Selector, ...], faces: list[int]
) -> tuple[ChainDist, int]:
    """Each kept matching die replaced by a face from ``faces`` (all of them for ``ro``;
    for ``rr`` the faces that stop it: where it ends is uniform over those)."""
    scale = len(faces)
    longest = max(len(chain) for chain, _ in states)
    total = scale**longest
    out: ChainDist = {}
    for (chain, cut), ways in states.items():
        options: list[list[tuple[int, bool]]] = [
            [(f, True) for f in faces] if kept and _matches(face, selectors) else [(face, kept)]
            for face, kept in chain
        ]
        partial: dict[Chain, int] = {(): total}
        for choice in options:
            partial = {(*c, o): w // len(choice) for c, w in partial.items() for o in choice}
        for new, share in partial.items():
            key = (_sorted(new), cut)
            out[key] = out.get(key, 0) + ways * share
        if len(out) > MAX_STATES:
            raise OverflowError
    return out, den * total


def _tails(sides: int, selectors: tuple[t.Selector, ...]) -> list[tuple[Chain, bool, int]]:
    """What one explosion adds, as (dice added, cut, ways out of ``sides ** EXPLODE_DEPTH``):
    a die rolled in round r is looked at in round r + 1 while rounds are left."""
    stop = [f for f in range(1, sides + 1) if not _matches(f, selectors)]
    go = [f for f in range(1, sides + 1) if _matches(f, selectors)]
    found: list[tuple[Chain, bool, int]] = []
    prefixes: dict[Chain, int] = {(): 1}  # the matching dice before the last, as a multiset
    for length in range(1, EXPLODE_DEPTH + 1):
        scale = sides ** (EXPLODE_DEPTH - length)
        last = (
            [(f, False) for f in stop]
            if length < EXPLODE_DEPTH
            else [(f, f in go) for f in range(1, sides + 1)]
        )
        for prefix, ways in prefixes.items():
            for face, cut in last:
                found.append((_sorted((*prefix, (face, True))), cut, ways * scale))
        grown: dict[Chain, int] = {}
        for prefix, ways in prefixes.items():
            for face in go:
                key = _sorted((*prefix, (face, True)))
                grown[key] = grown.get(key, 0) + ways
        prefixes = grown
        if len(found) > MAX_STATES:
            raise OverflowError
    return found


def _sorted(chain: Chain) -> Chain:
    return tuple(sorted(chain))


def _explode(
    states: ChainDist, den: int, sides: int, selectors: tuple[t.Selector, ...]
) -> tuple[ChainDist, int]:
    tail_dist = _tails(sides, selectors)
    total = sides**EXPLODE_DEPTH
    out: ChainDist = {}
    for (chain, cut), ways in states.items():
        partial: dict[tuple[Chain, bool], int] = {(chain, cut): 1}
        matching = sum(1 for face, kept in chain if kept and _matches(face, selectors))
        scale = 1
        for _ in range(matching):
            grown: dict[tuple[Chain, bool], int] = {}
            for (c, k), w in partial.items():
                for tail, tail_cut, tw in tail_dist:
                    key = (_sorted(c + tail), k or tail_cut)
                    grown[key] = grown.get(key, 0) + w * tw
            partial = grown
            scale *= total
            if len(partial) > MAX_STATES:
                raise OverflowError
        longest = total ** max(0, _most_matching(states, selectors) - matching)
        for key, w in partial.items():
            out[key] = out.get(key, 0) + ways * w * longest
        if len(out) > MAX_STATES:
            raise OverflowError
    return out, den * total ** _most_matching(states, selectors)


def _most_matching(states: ChainDist, selectors: tuple[t.Selector, ...]) -> int:
    return max(sum(1 for f, k in chain if k and _matches(f, selectors)) for chain, _ in states)


def _term(
    term: t.Dice, operations: tuple[t.Operation, ...], score: Callable[[int, int], int]
) -> Dist:
    """A dice term's distribution; ``score(face, sides)`` is what a kept die adds (its face,
    or 1/0 for a success with ``--vs``)."""
    count, sides = term.count, term.sides
    per_die = 0
    while per_die < len(operations) and _per_die(operations[per_die]):
        per_die += 1
    rest = operations[per_die:]
    states, den = _fresh(sides), sides
    for operation in operations[:per_die]:
        states, den = _apply(states, den, sides, operation)
    if not rest:
        one: dict[Value, int] = {}
        cut = 0
        for (chain, was_cut), ways in states.items():
            value = sum(score(f, sides) for f, kept in chain if kept)
            one[value] = one.get(value, 0) + ways
            cut += ways if was_cut else 0
        return _power(Dist(one, den, cut), count)
    only = rest[0]
    kinds = {s.kind for s in only.selectors}
    if len(rest) > 1 or only.op not in ("k", "p") or len(only.selectors) > 1 or kinds - {"h", "l"}:
        raise LookupError  # enumerate it instead
    if all(len(chain) == 1 for chain, _ in states):
        return _ordered(
            states=states, den=den, count=count, sides=sides, operation=only, score=score
        )
    return _ordered_chains(
        states=states, den=den, count=count, sides=sides, operation=only, score=score
    )


def _ordered(
    *,
    states: ChainDist,
    den: int,
    count: int,
    sides: int,
    operation: t.Operation,
    score: Callable[[int, int], int],
) -> Dist:
    """Keep or drop the highest or lowest n of ``count`` independent dice."""
    selector = operation.selectors[0]
    n = selector.number
    faces: dict[int, int] = {}
    dropped = 0
    for (chain, _), ways in states.items():
        ((face, kept),) = chain
        if kept:
            faces[face] = faces.get(face, 0) + ways
        else:
            dropped += ways
    order = sorted(faces, reverse=selector.kind == "h")
    values = [score(f, sides) for f in order]
    low = 0
    total_den = den**count
    bits = _slot_bits(total_den)
    keeping = operation.op == "k"
    # state (dice left, chosen so far) -> packed polynomial of the kept sum
    table: dict[tuple[int, int], int] = {(count, 0): 1}
    work = 0
    if len(order) * (count + 1) ** 2 > MAX_KEEP_STEPS:  # 1000d6kh1: 6 million math.comb
        raise OverflowError
    for face, value in zip(order, values, strict=True):
        weight = faces[face]
        powers = [weight**c for c in range(count + 1)]
        nxt: dict[tuple[int, int], int] = {}
        for (left, chosen), poly in table.items():
            size = poly.bit_length() + left + powers[left].bit_length()  # comb(left, c)
            work += (left + 1) * (size // 64 + 1)
            if work > MAX_KEEP_WORK:  # 1000d2kh500 took minutes
                raise OverflowError
            for c in range(left + 1):
                taken = min(n, chosen + c)
                counted = (taken - chosen) if keeping else c - (taken - chosen)
                term = (poly * comb(left, c) * powers[c]) << (value * counted * bits)
                key = (left - c, taken)
                nxt[key] = nxt.get(key, 0) + term
        table = nxt
    packed = 0
    for (left, _), poly in table.items():
        if left == 0:
            packed += poly
        elif dropped:
            packed += poly * dropped**left
    return Dist(_unpack(packed, low, bits), total_den)


def _ordered_chains(
    *,
    states: ChainDist,
    den: int,
    count: int,
    sides: int,
    operation: t.Operation,
    score: Callable[[int, int], int],
) -> Dist:
    """Keep or drop the highest or lowest n of all the dice after explosions (``4d6e6kh3``):
    die after die, a state is the n chosen so far (and, dropping, the sum of the rest)."""
    selector = operation.selectors[0]
    n, high, keeping = selector.number, selector.kind == "h", operation.op == "k"
    chains: dict[tuple[tuple[int, ...], bool], int] = {}
    for (chain, cut), ways in states.items():
        faces = tuple(sorted((f for f, kept in chain if kept), reverse=high))
        chains[(faces, cut)] = chains.get((faces, cut), 0) + ways
    table: dict[tuple[tuple[int, ...], int, bool], int] = {((), 0, False): 1}
    work = 0
    for _ in range(count):
        work += len(table) * len(chains)
        if work > MAX_CHAIN_WORK:
            raise OverflowError
        grown: dict[tuple[tuple[int, ...], int, bool], int] = {}
        for (chosen, rest, was_cut), ways in table.items():
            for (faces, cut), more in chains.items():
                merged = sorted(chosen + faces, reverse=high)
                left = 0 if keeping else rest + sum(score(f, sides) for f in merged[n:])
                state = (tuple(merged[:n]), left, was_cut or cut)
                grown[state] = grown.get(state, 0) + ways * more
        table = grown
        if len(table) > MAX_STATES:
            raise OverflowError
    ways_of: dict[Value, int] = {}
    cut_ways = 0
    for (chosen, rest, was_cut), ways in table.items():
        value = sum(score(f, sides) for f in chosen) if keeping else rest
        ways_of[value] = ways_of.get(value, 0) + ways
        cut_ways += ways if was_cut else 0
    return Dist(ways_of, den**count, cut_ways)


# --- the whole expression ------------------------------------------------------------


def _value_score(face: int, sides: int) -> int:
    return face


class _Odds:
    def __init__(self, text: str, score: Callable[[int, int], int]) -> None:
        self.text = text
        self.score = score

    def of(self, node: t.Node) -> Dist:
        try:
            return self.exact(node)
        except LookupError:  # a shape the exact method does not take: small ones are followed
            return self.enumerate(node)

    def exact(self, node: t.Node) -> Dist:
        if isinstance(node, t.Literal):
            return Dist({node.value: 1}, 1)
        if isinstance(node, t.Dice):
            return _term(node, (), self.score)
        if isinstance(node, t.Operated):
            target = node.target
            if isinstance(target, t.Dice):
                return _term(target, node.operations, self.score)
            return self.kept_set(node)
        if isinstance(node, t.Annotated):
            return self.of(node.value)
        if isinstance(node, t.Parenthetical):
            return self.of(node.inner)
        if isinstance(node, t.NumberSet):
            total = Dist({0: 1}, 1)
            for item in node.items:
                total = self.plus(total, self.of(item), 1)
            return total
        if isinstance(node, t.UnOp):
            inner = self.of(node.value)
            return _map(inner, lambda v: -v) if node.op == "-" else inner
        return self.binary(node)

    def plus(self, a: Dist, b: Dist, sign: int) -> Dist:
        if _integral(a) and _integral(b):
            return _add(a, b, sign)
        return _combine(a, b, (lambda x, y: x + y) if sign > 0 else (lambda x, y: x - y))

    def binary(self, node: t.BinOp) -> Dist:
        left, right = self.of(node.left), self.of(node.right)
        if node.op in ("+", "-"):
            return self.plus(left, right, 1 if node.op == "+" else -1)
        if node.op in ("/", "//", "%") and 0 in right.ways:
            raise ErcError(
                "division-by-zero",
                f"--odds of {self.text!r}: the right side of {node.op} at column {node.column} "
                "can come to 0",
                column=node.column,
            )
        from erc.core.roller.roll import ARITHMETIC

        return _combine(left, right, ARITHMETIC[node.op])  # the roller's own operators

    def kept_set(self, node: t.Operated) -> Dist:
        """``(a, b, c)kh1``: the members are independent; each combination is kept or
        dropped by the roller's own selection."""
        target = node.target
        if isinstance(target, t.Parenthetical):
            inner = target.inner
            while isinstance(inner, t.Annotated):
                inner = inner.value
            if isinstance(inner, t.Dice | t.Operated | t.NumberSet | t.Parenthetical):
                raise LookupError
            members = [self.of(inner)]
        else:
            assert isinstance(target, t.NumberSet)
            members = [self.of(item) for item in target.items]
        from erc.core.roller.roll import Rolled, keep_or_drop

        combos: dict[tuple[Value, ...], int] = {(): 1}
        den, cut = 1, 0
        for member in members:
            if len(combos) * len(member.ways) > MAX_PAIRS:
                raise OverflowError
            combos = {(*c, v): w * m for c, w in combos.items() for v, m in member.ways.items()}
            cut = cut * member.den + (den - cut) * member.cut
            den *= member.den
        ways: dict[Value, int] = {}
        for values, w in combos.items():
            rolled = Rolled("set", node, items=[Rolled("literal", None, v) for v in values])
            for operation in node.operations:
                keep_or_drop(rolled, operation)
            total = rolled.total()
            ways[total] = ways.get(total, 0) + w
        return Dist(ways, den, cut)

    def enumerate(self, node: t.Node) -> Dist:
        """Every way the dice can fall, through the roller itself (small expressions)."""
        return enumerate_node(node, self.text, successes=None)


class _Branch(Exception):
    def __init__(self, sides: int) -> None:
        self.sides = sides


class _Prefix:
    """A dice source that replays ``faces`` and then asks for a branch."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = faces
        self.used = 0

    def draw(self, sides: int, purpose: str) -> int:
        if self.used < len(self.faces):
            self.used += 1
            return self.faces[self.used - 1]
        raise _Branch(sides)


def enumerate_node(node: t.Node, text: str, successes: tuple[int, int] | None) -> Dist:
    """The distribution of ``node`` (or with ``successes`` = (constant, vs), of its
    successes) by following every way its dice can fall: ``MAX_PATHS`` at most."""
    chances: dict[Value, Fraction] = {}
    cut = Fraction(0)
    paths = work = 0
    stack: list[tuple[tuple[int, ...], Fraction]] = [((), Fraction(1))]
    while stack:
        faces, chance = stack.pop()
        paths += 1
        work += (len(faces) + 1) * (len(faces) + 2) // 2  # a replay re-selects its dice
        if paths > MAX_PATHS or work > MAX_WORK:
            raise _too_costly(text, f"more than {MAX_PATHS} ways for its dice to fall")
        roller = Roller(Dice(_Prefix(faces), DICE_BUDGET))
        try:
            rolled = roller.evaluate(node)
            value = rolled.total()
        except _Branch as branch:
            share = chance / branch.sides
            stack += [((*faces, f), share) for f in range(1, branch.sides + 1)]
            continue
        if successes is not None:
            constant, vs = successes
            value = sum(
                1 for d in dice_of(rolled) if d.kept and succeeds(d.value, constant, vs, d.die)
            )
        chances[value] = chances.get(value, Fraction(0)) + chance
        cut += chance if roller.capped else 0
    den = 1
    for p in [*chances.values(), cut]:
        den = den * p.denominator // gcd(den, p.denominator)
    ways = {v: int(p * den) for v, p in chances.items()}
    return Dist(ways, den, int(cut * den))


def distribution(tree: t.Node, text: str) -> Dist:
    """The exact distribution of the total of ``tree`` (``text``: for messages)."""
    found = _Odds(text, _value_score).of(tree)
    return _map(found, int)  # d20: the total is cut toward zero


def successes(tree: t.Node, text: str, vs: int) -> Dist:
    """The distribution of ``--vs`` successes: kept dice whose face plus the top-level
    constant reaches ``vs`` (ER R5.2; R1.3 raw 20 and raw 1 on a d20)."""
    constant = int(constant_of(tree))

    def score(face: int, sides: int) -> int:
        return 1 if succeeds(face, constant, vs, sides) else 0

    terms = _pool_terms(tree)
    if terms is None:
        return enumerate_node(tree, text, (constant, vs))
    counter = _Odds(text, score)
    total = Dist({0: 1}, 1)
    for term in terms:
        try:
            found = counter.exact(term)
        except LookupError:
            found = enumerate_node(term, text, (constant, vs))
        total = _add(total, found, 1)
    return total


def _pool_terms(node: t.Node) -> list[t.Node] | None:
    """The dice terms of a sum of dice and numbers (``3d20+4``), else None."""
    if isinstance(node, t.Literal):
        return []
    if isinstance(node, t.Dice) or (
        isinstance(node, t.Operated) and isinstance(node.target, t.Dice)
    ):
        return [node]
    if isinstance(node, t.Annotated | t.UnOp):
        return _pool_terms(node.value)
    if isinstance(node, t.Parenthetical):
        return _pool_terms(node.inner)
    if isinstance(node, t.BinOp) and node.op in ("+", "-"):
        left, right = _pool_terms(node.left), _pool_terms(node.right)
        return None if left is None or right is None else left + right
    return None


def expression_odds(
    tree: t.Node, text: str, vs: int | None = None, at_least: int | None = None
) -> dict[str, Any]:
    """``result.odds`` of ``erc roll``: ``distribution``, ``mean``, ``at_least``,
    ``truncated`` as ``as_odds`` writes them (floats, and ``exact`` fractions)."""
    try:
        found = distribution(tree, text) if vs is None else successes(tree, text, vs)
    except (OverflowError, LookupError, MemoryError):
        raise _too_costly(text, "more outcomes than erc works through") from None
    exact = found.fractions()
    mean = sum((v * p for v, p in exact.items()), Fraction(0))
    chances: dict[int, Fraction] = {}
    if at_least is not None:
        chances[at_least] = sum((p for v, p in exact.items() if v >= at_least), Fraction(0))
    return as_odds(
        {
            "distribution": exact,
            "mean": mean,
            "at_least": chances,
            "truncated": Fraction(found.cut, found.den),
        }
    )
