"""Checks every ruleset shares: the natural-20 rule, kept single-die rolls, roll-offs for
tied orders, and the shape of an opposed roll.

Each rule lives here once; mechanics and the odds code call these functions rather than
restating them (the odds code enumerates faces through ``succeeds``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from erc.core.dice import Dice, Die, Mode
from erc.core.errors import ErcError
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing

MAX_MOD = 100
"""The largest situational modifier (``--mod``) any command takes, either way."""


def natural(raw: int, sides: int = 20) -> bool | None:
    """ER R1.3, Spellchrome SC4.2: on a d20 a raw (natural) 20 always succeeds and a raw 1
    always fails, whatever the modifiers; None when the face does not decide by itself.
    Other dice (a d12 competition, a d10) have no such rule."""
    if sides != 20:
        return None
    if raw == 20:
        return True
    if raw == 1:
        return False
    return None


def succeeds(raw: int, bonus: int, target: int, sides: int = 20) -> bool:
    """``raw + bonus >= target``, unless the natural-20 rule decides (``natural``)."""
    decided = natural(raw, sides)
    return decided if decided is not None else raw + bonus >= target


class Check(Value):
    """One kept single-die roll against a target number (a DC, a Comp, an AC): ``dice`` the
    dice thrown, ``roll`` the kept face."""

    dice: tuple[Die, ...]
    roll: int
    modifier: int
    total: int
    dc: int
    success: bool
    mode: Mode = Mode.NORMAL


def d20_check(dice: Dice, purpose: str, modifier: int, dc: int, mode: Mode = Mode.NORMAL) -> Check:
    """d20 (two, better or worse, at advantage or disadvantage) + modifier against ``dc``,
    the natural-20 rule applied."""
    kept = dice.roll_kept(20, purpose, mode)
    total = kept.kept + modifier
    success = succeeds(kept.kept, modifier, dc)
    return Check(
        dice=kept.faces(),
        roll=kept.kept,
        modifier=modifier,
        total=total,
        dc=dc,
        success=success,
        mode=mode,
    )


def settle_ties(
    dice: Dice, names: Sequence[str], totals: Sequence[object], sides: int = 20
) -> list[list[int]]:
    """Roll-offs for tied places in an order: each combatant's roll-off dice (index-aligned
    with ``names``), higher first.

    ER R3.3 (d20), Spellchrome SC2.3 and Elysium EL2.3 (d10, or the file's die): groups of
    equal ``totals`` from the highest down; a group rolls in file order; a sub-group that
    ties again re-rolls at once, the higher sub-group first, before the next group rolls.
    ``totals`` may be any orderable keys (a total, or a (total, Dexterity score) pair).
    """
    tiebreak: list[list[int]] = [[] for _ in names]
    keys = list(totals)
    distinct = sorted(set(keys))  # type: ignore[type-var]
    pending = [
        group
        for key in distinct  # lowest first: the stack pops the highest
        if len(group := [i for i, k in enumerate(keys) if k == key]) > 1
    ]
    while pending:
        group = pending.pop()
        for i in group:
            tiebreak[i].append(dice.roll(sides, f"{names[i]} tie-break {len(tiebreak[i]) + 1}"))
        faces = sorted({tiebreak[i][-1] for i in group})
        pending += [
            sub for face in faces if len(sub := [i for i in group if tiebreak[i][-1] == face]) > 1
        ]
    return tiebreak


class Roller(Value):
    """One side of an opposed roll: its die (None when it rolls none), its terms by name
    (``{"cunning": 4, "whip": 3, ...}``, in the order they add up), and the total."""

    name: str
    """Who rolls."""
    roll: int | None
    """The die's face; None when it rolls none (helpless, or nothing drawn)."""
    parts: Mapping[str, int]
    """Its terms by name, in the order they add up."""
    total: int
    """``roll`` + the sum of ``parts``."""


class Opposed(Value):
    """An opposed roll: ``margin`` is the initiator's total minus the opponent's; the
    ``winner`` has the strictly higher total, None on a tie."""

    initiator: Roller
    opponent: Roller
    margin: int
    winner: str | None


def opposed(initiator: Roller, opponent: Roller) -> Opposed:
    """Compare two totals: the strictly higher one wins; a tie has no winner."""
    margin = initiator.total - opponent.total
    winner = initiator.name if margin > 0 else opponent.name if margin < 0 else None
    return Opposed(initiator, opponent, margin, winner)


def choose_round(current: int, given: int | None, *, applying: bool) -> int:
    """The round a ``roll-init`` is for, in every ruleset: ``--round``, else the journal's
    next (1 without one). A round is started once (ER R3.4; CONTRACT "Combat state": rounds
    only go up): starting one that already began is refused."""
    number = given if given is not None else current + 1
    if applying and number <= current:
        raise ErcError(
            "round-started",
            f"round {number} has already started in the journal (now round {current}); "
            "roll-init --apply starts the next one",
        )
    return number


class AgainstOdds(Value):
    """``--odds`` of a check against a number (``erc.core.odds.against_odds``)."""

    p_success: float
    distribution: Mapping[int, float]
    """The total (the key) -> its probability; empty when no die is rolled."""


class Against(Value):
    """A combatant's check against a fixed number at the table (ER R14.1 feat or save,
    SC-P15 ability check, EL-P16 skill check): the same fields in
    every ruleset (CONTRACT "The table"). ``check`` names what is rolled; ``parts`` the terms
    of ``modifier`` in the order they add up; ``dice`` the dice thrown (two for a roll at
    advantage or disadvantage, one kept); ``roll`` the kept face, None when no die was
    rolled (``no_roll`` says why, or ``--odds`` alone); ``target`` the Comp, DC or number
    (``target_name`` says which); ``success`` None when nothing was rolled (``--odds``
    alone). Not an action: it spends nothing."""

    name: str
    check: str
    dice: tuple[Die, ...]
    roll: int | None
    modifier: int
    parts: Mapping[str, int]
    total: int | None
    target: int
    target_name: str
    success: bool | None
    no_roll: str | None = None
    advantage: str = "normal"
    advantage_from: tuple[str, ...] = ()
    disadvantage_from: tuple[str, ...] = ()
    natural: bool = False
    """The natural-roll rule decided it (ER R1.3: a raw 20 succeeds, a raw 1 fails)."""


def against(
    dice: Dice | None,
    *,
    name: str,
    check: str,
    parts: Mapping[str, int],
    target: int,
    target_name: str,
    sides: int = 20,
    mode: Mode = Mode.NORMAL,
    naturals: bool = False,
    no_roll: str | None = None,
    reasons: tuple[tuple[str, ...], tuple[str, ...]] = ((), ()),
) -> Against:
    """One die (``sides``; two, better or worse, at advantage or disadvantage) + ``parts``
    against ``target``: a success when the total is at least ``target``; ``naturals`` (ER
    R1.3) lets a raw 20 succeed and a raw 1 fail whatever the total. ``no_roll``: the
    combatant cannot roll, and fails with no die. ``dice`` None: nothing drawn (``--odds``
    alone)."""
    modifier = sum(parts.values())
    faces: tuple[Die, ...] = ()
    roll = total = None
    success: bool | None = None if no_roll is None else False
    decided = None
    if no_roll is None and dice is not None:
        kept = dice.roll_kept(sides, f"{name} {check}", mode)
        faces, roll, total = kept.faces(), kept.kept, kept.kept + modifier
        decided = natural(kept.kept, sides) if naturals else None
        success = decided if decided is not None else total >= target
    return Against(
        name=name,
        check=check,
        dice=faces,
        roll=roll,
        modifier=modifier,
        parts=dict(parts),
        total=total,
        target=target,
        target_name=target_name,
        success=success,
        no_roll=no_roll,
        advantage=mode.value if no_roll is None else "normal",
        advantage_from=reasons[0],
        disadvantage_from=reasons[1],
        natural=decided is not None,
    )


def renderer() -> Drawing:
    """The one renderer of a check against a number (ER ``feat``, Spellchrome ``ability``,
    Elysium ``skill``) (``erc.core.render.check``), imported only for a human
    table."""
    from erc.core.render import check

    return check
