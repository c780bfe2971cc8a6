"""``erc status`` for an Elysium encounter: the table a GM keeps beside the map (CONTRACT
"Combat state", EL Part 2): the round, the order and who is next, each combatant's HP, MP,
AP left, defensive bonus, offensive mark, pin, Morale and Agitation, conditions, and whether
the fight is over."""

from __future__ import annotations

from erc.core.status import CombatantView, FightView, condition_rows, places, plain
from erc.core.value import Value
from erc.rulesets.elysium.conditions import acted, can_act, fight, standing
from erc.rulesets.elysium.events import state_of
from erc.rulesets.elysium.model import AGITATION, MORALE, Combatant, level_penalty

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from erc.core.session import Loaded


class Resources(Value):
    """EL3: the AP it has left this round, of its ``ap`` a round."""

    ap_left: int
    ap: int

    def words(self) -> str:
        return f"{self.ap_left}/{self.ap} AP"


ROUND_SECONDS = 5
"""EL-P17: status shows the elapsed time, 5 seconds a round."""


class Level(Value):
    """A Morale or Agitation level (EL11): 0 with no label and no penalty for none."""

    level: int
    """The level, 1 to 5; 0 for none."""
    label: str | None
    """Its name on the table (``Unnerved`` ... or ``Bothered`` ...); None for none."""
    penalty: int
    """-2 a level on its ability rolls (EL11); 0 for none."""


class FeintOwed(Value):
    target: str
    """Whom the feint was made against."""
    bonus: int
    """The feint's margin, added to its next Attack Roll against ``target`` (EL9)."""
    until_round: int
    """The last round it can be used: the round after the feint."""


class CombatantStatus(CombatantView):
    hp: int
    """Its HP now (down at 0, EL4.4)."""
    hp_max: int
    """Its maximum HP."""
    mp: int
    """Its MP now."""
    mp_max: int
    """Its maximum MP (0: none)."""
    ap_max: int
    """Its AP a round (EL3.1)."""
    ap_left: int
    """AP left this round."""
    defensive_bonus: int
    """AP spent going on the defensive this round: added to its defense (EL5.6)."""
    offensive_taken: bool
    """It made an offensive action this round (EL5.6)."""
    pinned_by: str | None
    """Who holds it in a grab (EL10.1), or None."""
    pinning: tuple[str, ...]
    """Whom it holds in a grab."""
    morale: Level
    """Its Morale level (EL11.1)."""
    agitation: Level
    """Its Agitation level (EL11.2)."""
    feints: tuple[FeintOwed, ...]
    """Feint bonuses it is owed, still in time (EL9)."""
    escape_bonus: int
    """Damage it dealt its grabber while pinned: for its next Escape or Hold (EL10.4)."""
    weapons: tuple[str, ...]
    """The weapons it holds."""
    lost_weapons: tuple[str, ...]
    """Its weapons disarmed (on the ground) or taken (EL7, EL10.3)."""
    dropped_weapons: tuple[str, ...]
    """Those of ``lost_weapons`` on the ground, for ``erc pick-up`` (EL7)."""
    sidestep_trips: tuple[str, ...]
    """EL6.5: chargers it dodged this round, each owed one free trip (``trip --sidestep``)."""
    turn_ended: bool
    """EL-P17: it gave up the AP it had left (``erc end-turn``)."""


class StatusResult(FightView):
    elapsed_s: int
    """EL-P17: seconds of combat before this round began (5 a round)."""
    combatants: tuple[CombatantStatus, ...]
    """Every combatant in the file's order, with its HP, AP and marks."""


def _level(level: int, labels: tuple[str, ...]) -> Level:
    return Level(level, labels[level - 1] if level else None, level_penalty(level))


def _marks(c: Combatant) -> tuple[str, ...]:
    marks = [f"MP {c.mp}/{c.mp_max}"] if c.mp_max else []
    if c.pinned_by:
        marks.append(f"pinned by {c.pinned_by}")
    marks += [f"pinning {n}" for n in c.pinning]
    if c.defensive_bonus:
        marks.append(f"defensive +{c.defensive_bonus}")
    if c.offensive_taken:
        marks.append("offensive")
    for level in (_level(c.morale, MORALE), _level(c.agitation, AGITATION)):
        if level.level:
            marks.append(f"{level.label} {level.penalty}")
    marks += [f"feint +{f.bonus} vs {f.target}" for f in c.feints]
    if c.escape_bonus:
        marks.append(f"escape +{c.escape_bonus}")
    dropped = tuple(w.name for w in c.dropped)
    marks += [f"{w} on the ground" for w in dropped]
    marks += [f"{w} taken" for w in c.lost_weapons if w not in dropped]
    marks += [f"free trip vs {n}" for n in c.sidestep_trips]
    if c.turn_ended:
        marks.append("turn ended")
    return tuple(marks)


def _row(c: Combatant, state: Any, place: int | None) -> CombatantStatus:
    left = Resources(ap_left=c.ap_left, ap=c.ap)
    return CombatantStatus(
        name=c.name,
        side=c.side,
        place=place,
        health=c.hp,
        health_max=c.hp_max,
        standing=standing(c),
        down=c.down,
        acted=acted(c),
        can_act=can_act(c),
        conditions=condition_rows(c.conditions, state.round),
        marks=_marks(c),
        resources=plain(left),
        left_this_round=left.words(),
        hp=c.hp,
        hp_max=c.hp_max,
        mp=c.mp,
        mp_max=c.mp_max,
        ap_max=c.ap,
        ap_left=c.ap_left,
        defensive_bonus=c.defensive_bonus,
        offensive_taken=c.offensive_taken,
        pinned_by=c.pinned_by,
        pinning=c.pinning,
        morale=_level(c.morale, MORALE),
        agitation=_level(c.agitation, AGITATION),
        feints=tuple(FeintOwed(f.target, f.bonus, f.round + 1) for f in c.feints),
        escape_bonus=c.escape_bonus,
        weapons=tuple(w.name for w in c.weapons),
        lost_weapons=c.lost_weapons,
        dropped_weapons=tuple(w.name for w in c.dropped),
        sidestep_trips=c.sidestep_trips,
        turn_ended=c.turn_ended,
    )


def status(loaded: Loaded) -> StatusResult:
    state = state_of(loaded)
    view = fight(state)
    where = places(view)
    elapsed = max(0, state.round - 1) * ROUND_SECONDS
    return StatusResult(
        round=state.round,
        health_word="HP",
        next=view.next,
        over=view.over,
        winner=view.winner,
        sides=view.sides,
        order=view.order,
        due=(),
        notes=(f"{elapsed} s of combat before this round (5 s a round)",) if state.round else (),
        n_events=state.events,
        journal=loaded.journal,
        elapsed_s=elapsed,
        combatants=tuple(_row(c, state, where.get(c.name)) for c in state.encounter.combatants),
    )
