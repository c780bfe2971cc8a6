"""``erc status`` for an Enchanted Realms encounter: the table a GM keeps beside the map
(CONTRACT "Combat state", R11.5): the round, the order and who is next, each combatant's
Body, conditions and what it has spent this round, held drops and weapon locks, and whether
the fight is over."""

from __future__ import annotations

from erc.core.errors import ErcError
from erc.core.status import CombatantView, FightView, condition_rows, places, plain, wake_due
from erc.core.value import Value
from erc.rulesets.er.conditions import acted, can_act, cannot_react, down, fight, standing
from erc.rulesets.er.events import state_of
from erc.rulesets.er.model import Combatant
from erc.rulesets.er.rules.movement import Turn, movement
from erc.rulesets.er.rules.turns import Taken

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, Literal

    from erc.core.session import Loaded


class Resources(Value):
    """What it has left this round (R11)."""

    action: Literal["left", "spent", "ended", "cannot act"]
    """Its action: ``left``, ``spent`` (R11.2), ``ended`` (its turn, R14.3), or ``cannot
    act`` (R10)."""
    reaction: bool
    """Its one reaction of the round is left (R11.4)."""
    movement_left_ft: int | None
    """Feet of movement left (R11.3); None when the file gives no movement rate."""

    def words(self) -> str:
        left = ["action"] if self.action == "left" else []
        left += ["reaction"] if self.reaction else []
        if self.movement_left_ft:
            left.append(f"{self.movement_left_ft} ft")
        return ", ".join(left) or "nothing left"


class CombatantStatus(CombatantView):
    body: int
    """Its Body now (R5.8: down at 0)."""
    body_max: int
    """Its maximum Body."""
    reaction_used: bool
    """Its one reaction this round is spent."""
    movement_spent_ft: int
    """Feet of movement spent this round (R11.3)."""
    turn_ended: bool
    """R14.3: it ended its turn without acting (``erc end-turn``)."""
    actions_taken: int
    """Actions taken this round (R11.2)."""
    incapacitated_actions: int
    """How many of its next actions shock still takes (R6.5); 0 if none."""
    locked_weapons: tuple[str, ...]
    """Its weapons held in a weapon lock (R8.2)."""
    disarmed_weapons: tuple[str, ...]
    """Its weapons flung away by a disarm, not yet picked up (R8.3, R12.4)."""


class HeldDrop(Value):
    holder: str
    """Who holds the drop (R6.6)."""
    victim: str
    """Who the drop is held on."""
    damage: int
    """The damage held, dealt when the holder inflicts it."""
    round: int
    """The round the drop was taken."""


class HeldLock(Value):
    wielder: str
    """Whose weapon is locked (R8.2)."""
    weapon: str
    """The locked weapon."""
    locker: str
    """Who holds the lock."""
    using: str | None
    """The locker's weapon holding it; None when the journal did not say."""
    dropped: bool = False
    """The wielder let go of it (``free --drop``, R8.2); the lock holds it still."""


class StatusResult(FightView):
    combatants: tuple[CombatantStatus, ...]
    """Every combatant in the file's order, with its Body and what it has spent."""
    drops: tuple[HeldDrop, ...]
    """The drops held (R6.6)."""
    locks: tuple[HeldLock, ...]
    """The weapon locks in force (R8.2)."""
    taken: tuple[Taken, ...]
    """Weapons picked up from the ground by another than their owner (R12.4)."""


def movement_left(who: Combatant) -> int | None:
    """R11.3: the feet of movement it has left this round; None when its rate is unknown."""
    if who.turn_ended:
        return 0
    try:
        return movement(who, Turn(spent_earlier=who.movement_spent)).remaining_ft
    except ErcError:
        return None


def _action(c: Combatant) -> Literal["left", "spent", "ended", "cannot act"]:
    if c.turn_ended:
        return "ended"
    if c.own_action_spent:
        return "spent"
    return "left" if can_act(c) else "cannot act"


def _marks(c: Combatant) -> tuple[str, ...]:
    marks = [f"{w} locked" for w in sorted(c.locked_weapons)]
    marks += [f"{w} on the ground" for w in sorted(c.disarmed_weapons)]
    if c.turn_ended:
        marks.append("turn ended")
    return tuple(marks)


def _row(c: Combatant, state: Any, place: int | None) -> CombatantStatus:
    shocked = c.condition("incapacitated")
    left = Resources(
        action=_action(c),
        reaction=not c.reaction_used and cannot_react(c) is None,
        movement_left_ft=movement_left(c),
    )
    return CombatantStatus(
        name=c.name,
        side=c.side,
        place=place,
        health=c.body,
        health_max=c.body_max,
        standing=standing(c),
        down=down(c),
        acted=acted(c),
        can_act=can_act(c),
        conditions=condition_rows(c.conditions, state.round),
        marks=_marks(c),
        resources=plain(left),
        left_this_round=left.words(),
        body=c.body,
        body_max=c.body_max,
        reaction_used=c.reaction_used,
        movement_spent_ft=c.movement_spent,
        turn_ended=c.turn_ended,
        actions_taken=c.acted,
        incapacitated_actions=(shocked.actions or 0) if shocked else 0,
        locked_weapons=tuple(sorted(c.locked_weapons)),
        disarmed_weapons=tuple(sorted(c.disarmed_weapons)),
    )


def _notes(state: Any) -> tuple[str, ...]:
    notes = [
        f"{d.holder} holds the drop on {d.victim}: {d.damage} damage (since round {d.round})"
        for d in state.drops
    ]
    for lock in state.locks:
        using = f" with its {lock.using}" if lock.using else ""
        dropped = f" ({lock.wielder} let go of it)" if lock.dropped else ""
        notes.append(f"{lock.locker} holds {lock.wielder}'s {lock.weapon} locked{using}{dropped}")
    notes += [
        f"{t.holder} picked up {t.owner}'s {t.weapon} (--with {t.held_as!r})" for t in state.taken
    ]
    return tuple(notes)


def status(loaded: Loaded) -> StatusResult:
    state = state_of(loaded)
    view = fight(state)
    where = places(view)
    combatants = state.encounter.combatants
    due: tuple[str, ...] = ()
    for c in combatants:
        due += wake_due(c.name, c.conditions, state.round)
    return StatusResult(
        round=state.round,
        health_word="Body",
        next=view.next,
        over=view.over,
        winner=view.winner,
        sides=view.sides,
        order=view.order,
        due=due,
        notes=_notes(state),
        n_events=state.events,
        journal=loaded.journal,
        combatants=tuple(_row(c, state, where.get(c.name)) for c in combatants),
        drops=tuple(
            HeldDrop(holder=d.holder, victim=d.victim, damage=d.damage, round=d.round)
            for d in state.drops
        ),
        locks=tuple(
            HeldLock(
                wielder=k.wielder,
                weapon=k.weapon,
                locker=k.locker,
                using=k.using,
                dropped=k.dropped,
            )
            for k in state.locks
        ),
        taken=state.taken,
    )
