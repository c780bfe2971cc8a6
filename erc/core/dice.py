"""Dice sources: a seeded stream, physical rolls read at the table, and a recorder.

A source is passed to every rule that rolls; nothing here is global. ``Dice`` records
every die drawn, with its purpose, in draw order, and charges each die against a budget.
"""

from __future__ import annotations

import random
from _random import Random as _Generator  # random.Random's C base: the same stream, seeded
from collections.abc import Sequence

from erc.core.errors import ErcError
from erc.core.text import ASCII_SPACE, whole_number
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar, Protocol


DICE_BUDGET = 1000
"""The most dice one command may draw."""
MAX_ROLLS_TEXT = 20_000
"""The longest ``--rolls`` text accepted, in characters."""
MAX_SIDES = 1000
_2_53 = 1 << 53
_LIMITS = {sides: _2_53 - _2_53 % sides for sides in (2, 3, 4, 6, 8, 10, 12, 20, 100)}
"""``SeededSource``'s rejection limit for the common dice, worked out once."""


if TYPE_CHECKING:

    class Source(Protocol):
        """Where die values come from."""

        def draw(self, sides: int, purpose: str) -> int: ...


class SeededSource:
    """A reproducible stream: the same seed gives the same dice on every machine.

    Built on ``random.Random.random()``, the one output whose sequence Python promises to
    keep across versions for an integer seed; faces come from its 53 bits by rejection,
    so every face is equally likely.
    """

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._random: Any = None  # made on the first draw: a line that rolls nothing pays none

    def draw(self, sides: int, purpose: str) -> int:
        draw = self._random
        if draw is None:
            # for an integer seed random.Random(seed) is exactly its C base seeded with it,
            # without the Python-level __init__ and seed() around it (a batch makes one a line)
            draw = self._random = _Generator(self.seed).random
        limit = _LIMITS.get(sides) or _2_53 - _2_53 % sides
        while True:
            bits = int(draw() * _2_53)
            if bits < limit:
                return bits % sides + 1


class PhysicalSource:
    """Dice read at the table (``--rolls 17,4,9``), consumed in the documented order."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.used = 0

    def draw(self, sides: int, purpose: str) -> int:
        if self.used >= len(self.values):
            raise ErcError(
                "rolls-exhausted",
                f"--rolls ran out: a d{sides} was needed for {purpose!r} "
                f"(value {self.used + 1}; {len(self.values)} given)",
            )
        value = self.values[self.used]
        if not 1 <= value <= sides:
            raise ErcError(
                "bad-rolls",
                f"--rolls value {self.used + 1} is {value}, but it was read for a d{sides} "
                f"({purpose!r}), whose faces are 1-{sides}",
            )
        self.used += 1
        return value

    def check_all_used(self) -> None:
        left = len(self.values) - self.used
        if left:
            raise ErcError(
                "bad-rolls",
                f"--rolls has {left} value(s) left over after {self.used} dice were drawn: "
                f"{','.join(map(str, self.values[self.used :]))}",
            )


MAX_SEED = 2**63 - 1


def parse_seed(given: str | None, environ: dict[str, str] | None = None) -> int | None:
    """``--seed N``, else ``ERC_SEED``, as a whole number from 0 to 2^63-1 written in ASCII
    digits (spaces around it ignored); an error names where the bad value came from."""
    source, text = "--seed", given
    if text is None:
        import os

        source, text = "ERC_SEED", (environ if environ is not None else os.environ).get("ERC_SEED")
        if not text:
            return None
    seed = whole_number(text, signed=False, most_digits=19)  # no sign, no separators
    if seed is None:
        raise ErcError(
            "bad-seed", f"{source} {text!r} is not a seed: a whole number from 0 to {MAX_SEED}"
        )
    if seed > MAX_SEED:
        raise ErcError("bad-seed", f"{source} {text} is more than {MAX_SEED}")
    return seed


def parse_rolls(text: str) -> list[int]:
    """``"17, 4,9"`` -> ``[17, 4, 9]``; anything else is a clean error."""
    if len(text) > MAX_ROLLS_TEXT:
        raise ErcError("bad-rolls", f"--rolls is longer than {MAX_ROLLS_TEXT} characters")
    parts = [p.strip(ASCII_SPACE) for p in text.split(",")]
    if parts == [""]:
        return []
    values: list[int] = []
    for i, part in enumerate(parts, 1):
        face = whole_number(part, signed=False, most_digits=4)
        if face is None:
            raise ErcError(
                "bad-rolls",
                f"--rolls value {i} is {part!r}: expected a die face such as 17 "
                "(comma-separated whole numbers)",
            )
        values.append(face)
    if len(values) > DICE_BUDGET:
        raise ErcError("bad-rolls", f"--rolls gives {len(values)} values; at most {DICE_BUDGET}")
    return values


class Roll(Value):
    """One die as drawn: its size, its face and what it was for."""

    die: int
    value: int
    purpose: str


class Mode(str):
    """Advantage state of a roll (R1.5): ``Mode.NORMAL``, ``Mode.ADVANTAGE`` or
    ``Mode.DISADVANTAGE``, each one object (compare with ``is``) whose ``value`` is its word.

    Three words rather than an ``enum.Enum``: making an Enum class costs about 0.6M
    instructions, half a percent of a one-shot command, and nothing here needs more."""

    __slots__ = ()
    NORMAL: ClassVar[Mode]
    ADVANTAGE: ClassVar[Mode]
    DISADVANTAGE: ClassVar[Mode]

    def __new__(cls, word: str) -> Mode:
        found = _MODES.get(word)
        if found is None:
            raise ValueError(f"{word!r} is not an advantage state")
        return found

    @property
    def value(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Mode.{self.value.upper()}"

    def __reduce__(self) -> tuple[type[Mode], tuple[str]]:
        return (Mode, (self.value,))

    @staticmethod
    def of(advantage: bool, disadvantage: bool) -> Mode:
        """R1.5: advantage and disadvantage together cancel; neither stacks."""
        if advantage and not disadvantage:
            return Mode.ADVANTAGE
        if disadvantage and not advantage:
            return Mode.DISADVANTAGE
        return Mode.NORMAL


_MODES: dict[str, Mode] = {}
for _word in ("normal", "advantage", "disadvantage"):
    _MODES[_word] = str.__new__(Mode, _word)
    setattr(Mode, _word.upper(), _MODES[_word])


class Die(Value):
    """One die of a roll as a result reports it (CONTRACT: ``dice`` is a list of these): its
    size, its face, and whether it counts (the one kept of two at advantage)."""

    die: int
    """The die's size (20 for a d20)."""
    value: int
    """The face it shows."""
    kept: bool
    """It counts: the one kept of two at advantage or disadvantage."""


class Kept(Value):
    """A single-die roll under R1.5: the dice thrown (their faces), the one kept, and the
    dice's size."""

    dice: tuple[int, ...]
    kept: int
    sides: int

    def faces(self) -> tuple[Die, ...]:
        """The dice as ``Die`` values: the first showing the kept face is the one kept."""
        at = self.dice.index(self.kept)
        return tuple(Die(self.sides, v, i == at) for i, v in enumerate(self.dice))


MAX_KEPT_ROLLS = 4096
_ROLLS: dict[tuple[int, int, str], Roll] = {}
"""Each ``Roll`` made, by face, size and purpose: a frozen value, so one made before serves
again (a batch draws the same purposes line after line); a process stops adding at
``MAX_KEPT_ROLLS``."""


class Dice:
    """Draws dice from a source, records each with its purpose, and keeps to a budget."""

    def __init__(self, source: Source, budget: int = DICE_BUDGET) -> None:
        self.source = source
        self.budget = budget
        self.rolls: list[Roll] = []

    def roll(self, sides: int, purpose: str) -> int:
        if not 1 <= sides <= MAX_SIDES:
            raise ErcError("bad-dice", f"a die must have 1 to {MAX_SIDES} sides, not {sides}")
        rolls = self.rolls
        if len(rolls) >= self.budget:
            raise ErcError("dice-budget", f"this command would draw more than {self.budget} dice")
        value = self.source.draw(sides, purpose)
        key = (value, sides, purpose)
        roll = _ROLLS.get(key)
        if roll is None:
            roll = Roll(sides, value, purpose)
            if len(_ROLLS) < MAX_KEPT_ROLLS:
                _ROLLS[key] = roll
        rolls.append(roll)
        return value

    def roll_many(self, count: int, sides: int, purpose: str) -> list[int]:
        """``count`` dice, each recorded as ``purpose 1``, ``purpose 2``, ..."""
        if count > self.budget - len(self.rolls):
            raise ErcError(
                "dice-budget",
                f"{count}d{sides} would draw more than {self.budget} dice in one command",
            )
        return [self.roll(sides, f"{purpose} {i}") for i in range(1, count + 1)]

    def roll_kept(self, sides: int, purpose: str, mode: Mode) -> Kept:
        """R1.5 for a single-die roll: two dice keeping the better (advantage) or worse."""
        if mode is Mode.NORMAL:
            value = self.roll(sides, purpose)
            return Kept((value,), value, sides)
        first = self.roll(sides, f"{purpose} ({mode.value} 1)")
        second = self.roll(sides, f"{purpose} ({mode.value} 2)")
        kept = max(first, second) if mode is Mode.ADVANTAGE else min(first, second)
        return Kept((first, second), kept, sides)

    def d3(self, purpose: str) -> int:
        return self.roll(3, purpose)


MAX_DRAWN_SEED = 2**53
"""Seeds erc draws stay below 2^53, so they survive JSON readers that use doubles
(CONTRACT "JSON envelope"); a seed given with ``--seed`` may be up to ``MAX_SEED``."""


def new_seed() -> int:
    """A fresh seed to report in the envelope, so any result can be replayed: 1 to
    2^53 - 1, drawn from the system's random source."""
    return random.SystemRandom().randrange(1, MAX_DRAWN_SEED)
