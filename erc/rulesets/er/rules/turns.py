"""Turns (RULES.md R11): one action and its movement a round, one reaction a round; and the
price of holding a weapon lock (seed 001).

Pure code over the folded state (``erc.rulesets.er.events``), so every command that takes
an action asks the same question the same way.
"""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.er.conditions import reaction_blocked, refuse_actor
from erc.rulesets.er.model import Combatant, Weapon

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable

PICK_UP_FT = 10
"""R9.5 "pick up an item 10"; R8.3, R12.4: "Picking it up costs 10 ft of movement and needs an
unused action"; R7.3 taking a contested item. (Here, not in ``movement``: the journal's
effects need it, and movement's ``fractions`` would weigh on every command's start-up.)"""


def action_check(who: Combatant, *, round: int, applying: bool, extra: bool) -> tuple[str, ...]:
    """R11.2: a second applied action in a round is refused (``already-acted``) unless
    ``--extra-action`` says a skill or magic grants it; R13.3: a preview of a combatant that
    has acted resolves, with a note. Returns the notes.

    Rounds are counted from the first ``roll-init --apply``: before it (round 0: the act that
    starts the fight, R4.1, or erc used without the fight loop) actions are not counted.
    """
    refuse_actor(who)
    if who.turn_ended and round >= 1:
        ended = f"{who.name} ended its turn this round (R14.3: a turn ended is not resumed)"
        if applying:
            raise ErcError("turn-ended", f"{ended}; it acts again next round")
        return (f"{ended}: this preview would be refused with --apply",)
    if round < 1 or not who.own_action_spent or extra:
        return (f"{who.name} takes an extra action (--extra-action, R11.2)",) if extra else ()
    taken = f"{who.name} has already acted this round ({who.acted} action(s), R11.2)"
    if applying:
        raise ErcError(
            "already-acted",
            f"{taken}: a second action is refused; --extra-action when a skill or magic grants one",
        )
    return (f"{taken}: this preview would be refused with --apply",)


def reaction_check(who: Combatant) -> None:
    """R11.4: one reaction a round, and none for one that cannot react (R10)."""
    why = reaction_blocked(who)
    if why:
        code = "cannot-react" if "cannot react" in why else "no-reaction"
        raise ErcError(code, f"{who.name} {why} (R8.4, R11.4)")


class Lock(Value):
    """A weapon lock in force (R8.2): ``wielder``'s ``weapon`` held by ``locker`` with
    ``using`` (None when the journal did not say)."""

    wielder: str
    weapon: str
    locker: str
    using: str | None = None
    dropped: bool = False
    """R8.2 "the victim may drop it as a reaction": the wielder let go of it; the locker
    still holds it, and when the lock ends it lies on the ground (``pick-up``)."""


class Taken(Value):
    """R12.4: a disarmed weapon is up for grabs: ``owner``'s ``weapon``, picked up from
    the ground by ``holder``, who holds it as ``held_as`` (``erc pick-up``); its owner no
    longer has it until it lies on the ground again."""

    owner: str
    """Whose weapon it is."""
    weapon: str
    """The weapon's name on its owner's sheet."""
    holder: str
    """Who picked it up (erc pick-up)."""
    held_as: str
    """The name the holder uses for it with --with, e.g. Brute's club."""


def held_as(owner: str, weapon: str, taken: Iterable[str]) -> str | None:
    """The name another's weapon is held by, for ``--with`` and a disarm: whose it is and
    what it is (``Brute's club``, else ``club of Brute``), never a name among ``taken`` (the
    holder's own weapons and those it holds, compared as ``--with`` compares names); None
    when both are taken."""
    names = {folded(name) for name in taken}
    for name in (f"{owner}'s {weapon}", f"{weapon} of {owner}"):
        if folded(name) not in names:
            return name
    return None


def hands(weapon: Weapon) -> frozenset[str]:
    """The hands a weapon is wielded with: its ``hand`` (both: both; none given: the
    primary, as R5.1 takes the first weapon for the primary pool)."""
    if weapon.kind == "savage":
        return frozenset()
    if weapon.hand == "both":
        return frozenset({"primary", "off"})
    return frozenset({weapon.hand or "primary"})


def released(
    locker: Combatant, locks: tuple[Lock, ...], used: tuple[Weapon, ...]
) -> tuple[Lock, ...]:
    """Seed 001: while the lock is held, "any action requiring the hands used to wield the
    weapon must be sacrificed to maintain the hold": the locks ``locker`` holds that an
    action with ``used`` (the weapons of its strikes) gives up."""
    busy = frozenset().union(*(hands(w) for w in used)) if used else frozenset()
    out = []
    for lock in locks:
        if lock.locker != locker.name or lock.using is None:
            continue
        holding = locker.weapon(lock.using)
        if holding is not None and hands(holding) & busy:
            out.append(lock)
    return tuple(out)


def release_notes(found: tuple[Lock, ...]) -> tuple[str, ...]:
    return tuple(
        f"{lock.locker} uses the hands of its {lock.using}: the lock on {lock.wielder}'s "
        f"{lock.weapon} ends (R8.2: the hold is kept only while those hands are spared)"
        for lock in found
    )
