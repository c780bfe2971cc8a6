"""Getting the drop (RULES.md R6.6, seed 001 "Getting The Drop"): inflicting held damage.

The sneak attack was rolled with its damage held (``erc sneak --drop``). When the holder
inflicts it, the victim may spend its reaction on a Strength or Agility feat (R2.1: d20 +
modifier; at advantage with foul-play) against Comp 20, lowered by 1 per round of combat
since the drop and by 1 per minute of parley, never below 14. Success halves the damage
(floor), never below 1. The damage inflicted then shocks as R6.5 says.

Choices where the chapter is silent (documented in the README):

- The feat uses the victim's better modifier of Strength and Agility (Strength on a tie)
  unless the attribute is named (``--attr``).
- Rounds of combat and minutes of parley both count and add up (combat, then parley).
- A victim with no reaction left this round, or that cannot act (surprised, asleep,
  incapacitated, ..., or down), cannot resist. A bound victim rolls the feat at
  disadvantage (R7.2's "Bound: disadvantage"; the ER rulebook: all Body feats of a bound
  creature), which foul-play's advantage cancels (R1.5).
- A drop holds at least 1 damage: an attack that dealt nothing holds nothing.

Dice: the victim's feat d20 (two at advantage or disadvantage), then the shock save d20,
then the incapacitation d3.

Breaking the drop (R6.6: "Damage to the holder forces a Resilience, Mind or Muse check
against Comp 14 or the drop is broken"): ``hold_check``, the holder's feat with the third
sub-attribute of the damaged attribute: Body -> Resilience, Mind -> Judgment, Spirit -> Muse
(the chapter's "Resilience/Mind/Muse"; Judgment for Mind is our reading). One d20.
"""

from __future__ import annotations

from erc.core.dice import Dice, Die, Mode
from erc.core.errors import ErcError
from erc.core.value import Value
from erc.rulesets.er.conditions import Modes, cannot_act
from erc.rulesets.er.model import Combatant, Drop
from erc.rulesets.er.rules.checks import feat, feat_reasons
from erc.rulesets.er.rules.sneak import Shock, shock

DROP_COMP = 20
"""seed 001: "either a Strength or Agility check (Comp:20) to suffer only half damage"."""
DROP_COMP_FLOOR = 14
"""seed 001: "the minimum it can be lowered is to Comp:14"."""
DROP_ATTRIBUTES = ("strength", "agility")
BREAK_COMP = 14
"""seed 001: "fails the associated Resilience/Mind/Muse check (Comp:14)"."""
BREAK_ATTRIBUTE = {"body": "resilience", "mind": "judgment", "spirit": "muse"}
"""The check for damage to the holder's Body, Mind or Spirit (module docstring)."""


class Reaction(Value):
    """The victim's feat: ``attribute`` (``chosen``: ``better`` modifier or ``--attr``),
    the ``dice`` thrown and the kept ``roll`` + ``modifier`` = ``total`` against ``comp``."""

    attribute: str
    chosen: str
    dice: tuple[Die, ...]
    roll: int
    modifier: int
    total: int
    comp: int
    success: bool
    advantage: str
    advantage_from: tuple[str, ...]
    disadvantage_from: tuple[str, ...]


class Inflicted(Value):
    """The result of ``erc drop``: ``held_damage`` inflicted as ``damage`` on ``victim``.

    ``held_from``: ``journal`` or ``--held``; ``rounds`` and ``parley_minutes`` the time since
    the drop, which lowers ``comp``; ``resists``: the victim spent its reaction on the feat
    (``reaction``), ``halved`` when it succeeded; Body before and after; ``shock`` (R6.5).
    """

    holder: str
    victim: str
    held_damage: int
    held_from: str
    rounds: int
    parley_minutes: int
    comp: int
    resists: bool
    reaction: Reaction | None
    halved: bool
    damage: int
    body_before: int
    body_after: int
    down: bool
    shock: Shock
    notes: tuple[str, ...]


class Holding(Value):
    """The drop about to be inflicted: its damage, the rounds of combat since it was taken,
    where the damage comes from (``journal`` or ``--held``), and notes."""

    damage: int
    rounds: int
    held_from: str
    notes: tuple[str, ...]


def holding(
    holder: Combatant,
    victim: Combatant,
    drops: tuple[Drop, ...],
    current_round: int,
    *,
    held: int | None = None,
    rounds: int | None = None,
) -> Holding:
    """The journal's drop of ``holder`` on ``victim``, or ``--held``/``--rounds`` given.

    R6.6: the Comp falls by 1 per round of combat since the drop; a drop made before round
    1 (R4.1) has seen no round end until round 1 does. The holder inflicts it with its
    reaction, or with its action when the reaction is spent.
    """
    recorded = next((d for d in drops if (d.holder, d.victim) == (holder.name, victim.name)), None)
    if held is None and recorded is None:
        raise ErcError(
            "no-drop",
            f"the journal holds no drop by {holder.name} on {victim.name}: give --held N (or "
            "record one with erc sneak --drop --apply)",
        )
    notes = [
        f"{holder.name} inflicts it with its reaction (R6.6)"
        if not holder.reaction_used
        else f"{holder.name} has no reaction left: it inflicts it on its action (R6.6)"
    ]
    if recorded is not None and held is not None and held != recorded.damage:
        notes.append(f"--held {held} overrides the journal's {recorded.damage}")
    elapsed = rounds
    if elapsed is None:
        elapsed = max(0, current_round - max(recorded.round, 1)) if recorded else 0
    damage = held if held is not None else recorded.damage if recorded else 0
    return Holding(damage, elapsed, "--held" if held is not None else "journal", tuple(notes))


def drop_comp(rounds: int = 0, parley_minutes: int = 0) -> int:
    """R6.6: Comp 20, lowered by 1 per round of combat and per minute of parley, floor 14."""
    return max(DROP_COMP_FLOOR, DROP_COMP - rounds - parley_minutes)


def inflicted_damage(held: int, resisted: bool) -> int:
    """R6.6: a successful feat halves the damage (floor, R1.1), which is always at least 1."""
    return max(1, held // 2) if resisted else max(1, held)


def best_attribute(victim: Combatant) -> str:
    """The better of Strength and Agility by modifier; Strength on a tie."""
    return max(DROP_ATTRIBUTES, key=lambda a: (victim.mod(a), a == "strength"))


def can_react(victim: Combatant) -> str | None:
    """Why ``victim`` cannot spend a reaction now, or None."""
    if victim.reaction_used:
        return "its reaction this round is spent"
    reason = cannot_act(victim)
    return f"it cannot act ({reason})" if reason else None


def inflict(
    dice: Dice,
    holder: Combatant,
    victim: Combatant,
    held: int,
    *,
    rounds: int = 0,
    parley_minutes: int = 0,
    foul_play: bool = False,
    resist: bool | None = None,
    attribute: str | None = None,
    held_from: str = "--held",
    notes: tuple[str, ...] = (),
) -> Inflicted:
    """R6.6: the victim's feat (when it resists), the damage, then R6.5's shock.

    ``resist``: None resists whenever the victim can (a reaction left and able to act).
    """
    if holder.name == victim.name:
        raise ErcError("bad-target", f"{holder.name} cannot hold a drop on itself")
    if held < 1:
        raise ErcError(
            "bad-option",
            f"a drop holds at least 1 damage, not {held} (an attack that dealt nothing holds "
            "nothing)",
        )
    if rounds < 0 or parley_minutes < 0:
        raise ErcError("bad-option", "the time since the drop cannot be negative")
    if attribute is not None and attribute not in DROP_ATTRIBUTES:
        raise ErcError(
            "bad-option", f"the drop's feat is Strength or Agility (R6.6), not {attribute!r}"
        )
    blocked = can_react(victim)
    if resist and blocked:
        raise ErcError("no-reaction", f"{victim.name} cannot resist the drop: {blocked} (R6.6)")
    resists = blocked is None if resist is None else resist
    comp = drop_comp(rounds, parley_minutes)
    said = list(notes)
    if blocked and resist is None:
        said.append(f"{victim.name} cannot resist: {blocked}")
    reaction = _feat(dice, victim, comp, attribute, foul_play) if resists else None
    halved = reaction is not None and reaction.success
    damage = inflicted_damage(held, halved)
    after = max(0, victim.body - damage)
    said += victim.drop_notes(damage)  # R6.6: a victim holding a drop of its own
    return Inflicted(
        holder=holder.name,
        victim=victim.name,
        held_damage=held,
        held_from=held_from,
        rounds=rounds,
        parley_minutes=parley_minutes,
        comp=comp,
        resists=resists,
        reaction=reaction,
        halved=halved,
        damage=damage,
        body_before=victim.body,
        body_after=after,
        down=after == 0,
        shock=shock(dice, victim, damage),
        notes=tuple(said),
    )


def _feat(
    dice: Dice, victim: Combatant, comp: int, attribute: str | None, foul_play: bool
) -> Reaction:
    chosen = attribute or best_attribute(victim)
    given = Modes(("foul-play",) if foul_play else ())
    reasons = feat_reasons(victim, chosen, given)  # R6.6 foul-play; R10 bound
    mode = Mode.of(bool(reasons.advantage_from), bool(reasons.disadvantage_from))
    rolled = feat(dice, victim, chosen, comp, f"{victim.name} drop {chosen} feat", given=given)
    return Reaction(
        attribute=chosen,
        chosen="--attr" if attribute else "better",
        dice=rolled.dice,
        roll=rolled.roll,
        modifier=rolled.modifier,
        total=rolled.total,
        comp=comp,
        success=rolled.success,
        advantage=mode.value,
        advantage_from=reasons.advantage_from,
        disadvantage_from=reasons.disadvantage_from,
    )


class Hold(Value):
    """The result of ``erc drop --holder-damaged``: the holder's feat (``roll`` +
    ``modifier`` = ``total`` against ``comp`` 14); failing it, the drop is ``broken``."""

    holder: str
    victim: str
    damaged: str
    attribute: str
    dice: tuple[Die, ...]
    roll: int
    modifier: int
    total: int
    comp: int
    broken: bool


def hold_check(dice: Dice, holder: Combatant, victim: Combatant, damaged: str) -> Hold:
    """R6.6: damage to the holder's Body, Mind or Spirit -> its Resilience, Judgment or Muse
    feat against Comp 14; a failure breaks the drop."""
    if holder.name == victim.name:
        raise ErcError("bad-target", f"{holder.name} cannot hold a drop on itself")
    if damaged not in BREAK_ATTRIBUTE:
        raise ErcError(
            "bad-option", f"the holder's Body, Mind or Spirit is damaged, not {damaged!r}"
        )
    attribute = BREAK_ATTRIBUTE[damaged]
    rolled = feat(dice, holder, attribute, BREAK_COMP, purpose=f"{holder.name} hold {attribute}")
    return Hold(
        holder=holder.name,
        victim=victim.name,
        damaged=damaged,
        attribute=attribute,
        dice=rolled.dice,
        roll=rolled.roll,
        modifier=rolled.modifier,
        total=rolled.total,
        comp=BREAK_COMP,
        broken=not rolled.success,
    )
