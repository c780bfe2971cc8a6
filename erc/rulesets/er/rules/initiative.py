"""Initiative (RULES.md R3): the turn order of one round, ties rolled off on d20.

Dice (CONTRACT "The order of dice", roll-init): with surprise, the Perception dice first
(``erc.rulesets.er.rules.surprise``); then one d10 per combatant in file order; then the
roll-off d20s, tied group by tied group from the highest total down, depth first, each
roll-off in file order.

Only the combatants' own data is read (``conditions`` included), so state folded in from a
journal (a round, a ``surprised`` condition) is honoured without changes here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from erc.core.checks import settle_ties
from erc.core.dice import Dice
from erc.core.kept import by_identity
from erc.core.value import Value
from erc.rulesets.er.conditions import NO_ACTION, standing
from erc.rulesets.er.model import Combatant, Weapon
from erc.rulesets.er.rules.surprise import Awareness, SurpriseSetup, surprise

ARMOR_ADJUSTMENT = {"none": 0, "light": 0, "medium": -2, "heavy": -5}
"""R3.1: medium armor -2, heavy -5."""
HEAVY_WEAPON_ADJUSTMENT = -2
"""R3.1: a heavy weapon in hand -2 (once, however many heavy weapons are held)."""


class Breakdown(Value):
    """R3.1, part by part: ``modifier`` = agility + other + weapon_mod + armor_mod."""

    agility: int
    """Its Agility modifier."""
    other: int
    """Other modifiers: the file's ``initiative``."""
    weapon_mod: int
    """-2 for a heavy weapon in hand (``heavy_weapon`` names it), else 0."""
    armor_mod: int
    """The armor worn (``armor_worn``): medium -2, heavy -5."""
    heavy_weapon: str | None = None
    """The heavy weapon in hand that costs the -2, if any."""
    armor_worn: str = "none"
    """The armor it wears: ``none``, ``light``, ``medium`` or ``heavy``."""


class Place(Value):
    """One line of the order (CONTRACT: name, total, roll, modifier, tiebreak).

    ``acts`` is False for a combatant that takes no action and no movement this round;
    ``status`` says why (``surprised``, ``asleep``, ``down``, ...), or is ``acts`` (``woke``
    for a sleeper whose surprise check woke it).
    """

    place: int
    """1 for the first to act this round."""
    name: str
    """The combatant's name."""
    total: int
    """``roll`` + ``modifier``: the order is by it, highest first."""
    roll: int
    """The d10 (R3.1); 0 for one that rolled none (R3.5)."""
    modifier: int
    """Agility modifier + other modifiers + weapon and armor (``breakdown``)."""
    tiebreak: tuple[int, ...]
    """Its roll-off d20s when tied with others (R3.3), in order; else empty."""
    breakdown: Breakdown
    acts: bool
    """It takes actions and movement this round (``status`` is ``acts`` or ``woke``)."""
    status: str
    """``acts``, ``woke``, or why it does not act (``surprised``, ``asleep``, ``down``, ...)."""
    rolled: bool = True
    """R3.5: False for a combatant that is not standing: it drew no die (``roll`` 0), is
    listed after everyone who rolled, and took no part in roll-offs."""


class Initiative(Value):
    """``roll-init``: the order first to last; with surprise, its checks (R4)."""

    round: int
    """The round this order is for."""
    order: tuple[Place, ...]
    """Every combatant, first to act first (those who rolled no die last, R3.5)."""
    surprise: bool = False
    """Surprise was checked before round 1 (``--surprise``, R4)."""
    trigger: str | None = None
    """Who started the fight (aware, no roll); None without surprise."""
    noise: bool | None = None
    """Whether the trigger made noise, heat or smell (R4.2); None without surprise."""
    surprised: tuple[str, ...] = ()
    """Who failed its Perception check: surprised in round 1 (R4.3)."""
    perception: tuple[Awareness, ...] = ()
    """Each Perception check against surprise, in file order (none for the trigger)."""
    kept: bool = False
    """House rule ``initiative: keep``: the d10s and roll-offs are the previous round's."""


def in_hand(who: Combatant) -> tuple[Weapon, ...]:
    """R3.1: the weapons with a ``hand``; when none has one, the first weapon.

    A natural (``kind: savage``) weapon is not held, so it is never the fallback.
    """
    held = tuple(w for w in who.weapons if w.hand)
    if held:
        return held
    return next(((w,) for w in who.weapons if w.kind != "savage"), ())


@by_identity
def breakdown(who: Combatant) -> Breakdown:
    """R3.1: Agility modifier, the file's ``initiative``, heavy weapon in hand, armor."""
    heavy = next((w for w in in_hand(who) if w.weight == "heavy"), None)
    return Breakdown(
        agility=who.mod("agility"),
        other=who.initiative,
        weapon_mod=HEAVY_WEAPON_ADJUSTMENT if heavy else 0,
        armor_mod=ARMOR_ADJUSTMENT[who.armor],
        heavy_weapon=heavy.name if heavy else None,
        armor_worn=who.armor,
    )


def _still_tied(
    totals: Sequence[int], names: Sequence[str], kept: Mapping[str, tuple[int, tuple[int, ...]]]
) -> list[int]:
    """The totals to roll off on. With kept dice (house rule ``initiative: keep``) a tied
    group whose kept roll-offs already tell every member apart needs no new roll-off: it is
    given distinct stand-in totals; any other tied group rolls off afresh (R3.3)."""
    out = list(totals)
    if not kept:
        return out
    for total in set(totals):
        group = [i for i, t in enumerate(totals) if t == total]
        carried = [kept.get(names[i], (0, ()))[1] for i in group]
        if len(group) > 1 and all(carried) and len(set(carried)) == len(carried):
            for i in group:
                out[i] = -(10**9) - i  # unique: settle_ties leaves it alone
    return out


def status(who: Combatant, checked: Awareness | None) -> str:
    """Why ``who`` does not act this round, or ``acts`` / ``woke`` (R3.4, R4.3).

    ``down``: Body 0 (R5.8), from a journal; it keeps its place but does nothing.
    """
    if who.body <= 0:
        return "down"
    if checked is not None and not checked.success:
        return "surprised"
    woke = checked is not None and who.has("asleep")  # R4.2: the noise woke it in time
    blocking = [c for c in NO_ACTION if who.has(c) and not (woke and c == "asleep")]
    return blocking[0] if blocking else ("woke" if woke else "acts")


def _unrolled(place: int, who: Combatant, checked: Awareness | None) -> Place:
    """R3.5: a combatant that is not standing rolls no initiative; it acts not (``status``
    says why: down at Body 0, else its condition)."""
    parts = breakdown(who)
    modifier = parts.agility + parts.other + parts.weapon_mod + parts.armor_mod
    return Place(
        place=place,
        name=who.name,
        total=modifier,
        roll=0,
        modifier=modifier,
        tiebreak=(),
        breakdown=parts,
        acts=False,
        status=status(who, checked),
        rolled=False,
    )


def roll_init(
    dice: Dice,
    combatants: Sequence[Combatant],
    *,
    round: int = 1,
    setup: SurpriseSetup | None = None,
    kept: Mapping[str, tuple[int, tuple[int, ...]]] | None = None,
) -> Initiative:
    """R3 (and R4 with ``setup``): every combatant's initiative, highest first.

    ``kept`` (house rule ``initiative: keep``, RULES "House rules"): each combatant's d10 and
    roll-off dice from the previous round, kept instead of rolled anew (R3.4's default);
    modifiers are taken as they are now, a combatant without a kept die rolls one, and
    combatants still tied roll off again.
    """
    checked = surprise(dice, combatants, setup) if setup else None
    by_name = {c.name: c for c in checked.perception} if checked else {}
    out = [c for c in combatants if not standing(c)]  # R3.5: no die, listed last
    combatants = [c for c in combatants if standing(c)]
    names = [c.name for c in combatants]
    previous = kept or {}
    parts = [breakdown(who) for who in combatants]
    rolls = [
        previous[who.name][0] if who.name in previous else dice.roll(10, f"{who.name} initiative")
        for who in combatants
    ]
    modifiers = [p.agility + p.other + p.weapon_mod + p.armor_mod for p in parts]
    totals = [r + m for r, m in zip(rolls, modifiers, strict=True)]
    tiebreak = settle_ties(dice, names, _still_tied(totals, names, previous))
    for i, name in enumerate(names):
        if not tiebreak[i] and previous.get(name, (0, ()))[1] and totals.count(totals[i]) > 1:
            tiebreak[i] = list(previous[name][1])
    ranked = sorted(range(len(combatants)), key=lambda i: (-totals[i], [-v for v in tiebreak[i]]))
    order = []
    for place, i in enumerate(ranked, 1):
        who = combatants[i]
        state = status(who, by_name.get(who.name))
        order.append(
            Place(
                place=place,
                name=who.name,
                total=totals[i],
                roll=rolls[i],
                modifier=modifiers[i],
                tiebreak=tuple(tiebreak[i]),
                breakdown=parts[i],
                acts=state in ("acts", "woke"),
                status=state,
            )
        )
    order += [_unrolled(len(order) + 1 + i, c, by_name.get(c.name)) for i, c in enumerate(out)]
    if checked is None:
        return Initiative(round, tuple(order), kept=bool(previous))
    return Initiative(
        round=round,
        order=tuple(order),
        surprise=True,
        trigger=checked.trigger,
        noise=checked.noise,
        surprised=checked.surprised,
        perception=checked.perception,
    )
