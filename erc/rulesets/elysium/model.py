"""The Elysium combat model every mechanic reads: combatants, weapons, spells, settings.

The fields a file gives are declared once, in ``erc.rulesets.elysium.format``: ``make
model`` writes them into the marked part of this module (with the closed sets of
``sets.py`` as types for the type checker), and writes ``from_file.py``, which builds the
model from a validated file. The rest of this module adds the rules' methods and the
journal's state, folded in by ``erc.rulesets.elysium.events``; frozen, plain data.
"""

from __future__ import annotations

from erc.core.model import Condition
from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.elysium.sets import (  # the format's, re-exported
    ABILITIES as ABILITIES,
    CONDITIONS as CONDITIONS,
    DEFAULT_AP as DEFAULT_AP,
    DIES as DIES,
    HELPLESS_DEFENSES as HELPLESS_DEFENSES,
    INITIATIVE_RULES as INITIATIVE_RULES,
    SPELL_LEVELS as SPELL_LEVELS,
    TRUMPS as TRUMPS,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Mapping
    from typing import ClassVar

HAND_TO_HAND = "hand-to-hand"
KEY_ABILITIES = {
    "discern": "insight",
    "bluff": "cunning",
    "taunt": "cunning",
    "intimidate": "courage",
    "negotiate": "insight",
    "hold": "muscle",
    "athletics": "muscle",
    "escape": "agility",
}
"""EL1.3: each skill check's key ability (the file's ``skill_abilities`` overrides)."""
ACTION_SKILLS = (
    "dodge",
    "athletics",
    "bluff",
    "discern",
    "hold",
    "escape",
    "intimidate",
    "taunt",
    "negotiate",
    HAND_TO_HAND,
)
"""EL1.2: the skills the actions use (besides weapon skills and magic schools)."""


# --- Written from format.py by `make model`: do not edit. ----------------------------
if TYPE_CHECKING:  # the format's closed sets, as types
    from collections.abc import Mapping
    from typing import Literal

    Ability = Literal[
        "agility", "courage", "cunning", "endurance", "insight", "muscle", "self_control"
    ]
    ConditionName = Literal["asleep", "bound", "paralyzed", "prone", "unaware", "unconscious"]
    Die = Literal["d10", "d12", "d20"]
    HelplessDefense = Literal["none", "static"]
    InitiativeRule = Literal["keep", "reroll"]
    Trump = Literal["counterattack", "focus_casting", "sidestep", "speedy_combatant"]


class WeaponFields(Value):
    """A weapon: its skill, AP cost, damage score and bonuses (EL4-EL8)."""

    name: str
    """What `--with` names; unique for the combatant."""
    skill: str
    """The skill whose ranks it uses (`hand-to-hand`, `whip`, ...; EL4.1)."""
    ap: int
    """AP of an attack, feint, disarm or trip with it, at least 1 (EL3.3)."""
    damage_score: int
    """Added to its attack rolls (EL4.1), not to parries."""
    disarm_bonus: int = 0
    """Added when disarming with it (EL7). Default 0."""
    disarm_resist: int = 0
    """Added when resisting a disarm of it (EL7). Default 0."""
    trip_bonus: int = 0
    """Added when tripping with it (EL8). Default 0."""
    parry_bonus: int = 0
    """Added when parrying with it; may be negative (EL5.3). Default 0."""
    magic: int = 0
    """Added to its attacks less the defender's `mdef`, never negative, and to its parries
    (EL5.4). Default 0.
    """
    polearm: bool = False
    """true: parrying a charge with it deals the negative margin back (EL6.4). Default false."""
    natural: bool = False
    """true: bare hands, claws; cannot be disarmed, and the grab's damage score (EL7, EL10).
    Default false.
    """


class SpellLevelFields(Value):
    """One level of a spell (EL12)."""

    mp: int
    """MP spent casting at this level."""
    bonus: int
    """Added to the Spell Attack at this level."""


class SpellFields(Value):
    """A spell (EL12): Spell Attack = die + school ranks + ability + the level's bonus."""

    name: str
    """What `cast --spell` names; unique for the combatant."""
    school: str
    """The magic school whose ranks (`schools`) it uses."""
    ability: Ability
    """The ability added to its Spell Attack."""
    ap: int
    """AP of casting it (EL3.3)."""
    levels: tuple[SpellLevel, ...]
    """One to five levels of intensity, from 1 (`cast --level N`)."""


class CombatantFields(Value):
    """A combatant, or with `count` a group of alike ones."""

    name: str
    """What the command line calls the combatant (case-insensitively; a unique prefix is
    enough). Unique in the file ignoring case, counted after `count` numbers a group; no
    control or invisible characters, no spaces at either end.
    """
    hp_max: int
    """Maximum health points."""
    hp: int
    """The HP now, when not full: 0 (down) up to `hp`. Default `hp`."""
    mp_max: int = 0
    """Maximum magic points. Default 0."""
    mp: int = 0
    """The MP now, when not full: up to `mp`. Default `mp`."""
    ap: int = 6
    """Action points a round (EL3.1; the Speedy Combatant trump: more). Default 6."""
    side: str = ""
    """Any label; combatants on one side are allies, and the fight is over when fewer than two
    sides have a standing combatant. Default "" (no side: nobody's ally, a side of its own).
    """
    abilities: Mapping[str, int] = {}
    """Raw ability numbers; a missing one is 0 (EL1.2)."""
    skills: Mapping[str, int] = {}
    """Skill name -> ranks, an open map (dodge, athletics, bluff, discern, hold, escape,
    intimidate, taunt, negotiate, hand-to-hand, weapon skills); a missing skill is 0, and
    one no action uses is a `check` warning.
    """
    armor_bonus: int = 0
    """Added to Dodge, Parry and spell defense (EL5.2, EL12). Default 0."""
    mdef: int = 0
    """Taken off a magical weapon's bonus (EL5.4); spell defense uses it or the school's ranks,
    the greater (EL12). Default 0.
    """
    trumps: frozenset[str] = frozenset()
    """sidestep (a free trip after dodging a charge), counterattack, focus_casting (cast while
    pinned), speedy_combatant.
    """
    schools: Mapping[str, int] = {}
    """School name -> ranks, for Spell Attacks and spell defense (EL12); one no spell belongs
    to is a `check` warning.
    """
    weapons: tuple[Weapon, ...] = ()
    """The combatant's weapons, in order; the first is the default."""
    spells: tuple[Spell, ...] = ()
    """The spells it can cast (EL12)."""
    initiative: int = 0
    """Added to the Reaction check (EL2.1). Default 0."""
    conditions: tuple[Condition, ...] = ()
    """asleep, bound, paralyzed, unconscious (cannot act, no Defense Roll), unaware (no Defense
    Roll), prone (-4 to defense).
    """
    skill_abilities: Mapping[str, str] = {}
    """This combatant's skill -> key ability, over the file's (EL1.3)."""


class Settings(Value):
    """House rules; each key has a documented default."""

    die: Die = "d10"
    """The die of every roll: d10 (default), d20 or d12 (EL1.1)."""
    initiative: InitiativeRule = "keep"
    """keep (default): later rounds reuse the first round's dice; reroll: Reaction anew every
    round (EL2.4).
    """
    move_ft_per_ap: int = 5
    """Movement: ft per AP (EL3.3, EL13). Default 5."""
    stand_up_ap: int = 2
    """AP to stand up when prone (EL3.3). Default 2."""
    helpless_defense: HelplessDefense = "none"
    """none (default): a helpless defender's defense total is 0; static: its defense without
    the die (EL5.5).
    """


class EncounterFields(Value):
    """An Elysium encounter."""

    combatants: tuple[Combatant, ...]
    """Everyone in the fight, in file order (the order of roll-init's dice)."""
    name: str = ""
    """The encounter's title. Default ""."""
    rules: Settings = Settings()
    """Settings that change a documented default."""


# --- End of the part written from format.py. ------------------------------------------


class Weapon(WeaponFields):
    """A weapon (EL Part 2): its skill, AP cost, damage score and bonuses."""


class SpellLevel(SpellLevelFields):
    """One level of a spell's intensity (EL12): its MP cost and Spell Attack bonus."""


class Spell(SpellFields):
    """EL12: a spell's school, casting ability, AP and per level ``{mp, bonus}``."""


class Feint(Value):
    """EL9: a feint's margin, owed to the feinter's next Attack Roll against ``target``,
    in the round it was made (``round``) or the next."""

    target: str
    bonus: int
    round: int


class Combatant(CombatantFields):
    # The journal's state, folded in by erc.rulesets.elysium.events:
    ap_spent: int = 0
    """AP spent this round (EL3.1: replenished when a round starts)."""
    turn_ended: bool = False
    """It gave up the AP it had left this round (``erc end-turn``, EL-P17)."""
    defensive_bonus: int = 0
    """EL5.6: AP spent going on the defensive this round."""
    offensive_taken: bool = False
    """EL5.6: it made an offensive action this round."""
    pinned_by: str | None = None
    """EL10.1: who holds it in a grab."""
    pinning: tuple[str, ...] = ()
    """Whom it holds in a grab."""
    morale: int = 0
    """EL11.1: the worst Morale level it has been given (0: none)."""
    agitation: int = 0
    """EL11.2: the worst Agitation level (0: none)."""
    feints: tuple[Feint, ...] = ()
    """EL9: feint bonuses it is owed, still in time."""
    escape_bonus: int = 0
    """EL10.4: damage it dealt its grabber while pinned, for its next Escape or Hold check."""
    lost_weapons: tuple[str, ...] = ()
    """Its weapons disarmed (on the ground) or taken (EL7, EL10.3)."""
    dropped: tuple[Weapon, ...] = ()
    """Those of its lost weapons that lie on the ground, to pick up (EL7: "dropped to the
    ground")."""
    sidestep_trips: tuple[str, ...] = ()
    """EL6.5: chargers it dodged for no damage this round, each owed one free trip."""

    @property
    def ap_left(self) -> int:
        return max(0, self.ap - self.ap_spent)

    @property
    def down(self) -> bool:
        """EL4.4: at 0 HP a combatant is down."""
        return self.hp <= 0

    def ability(self, name: str) -> int:
        """An ability; a missing one is 0 (EL Part 2)."""
        return self.abilities.get(name, 0)

    def ranks(self, skill: str) -> int:
        """A skill's ranks; a missing skill is 0 (EL Part 2)."""
        return self.skills.get(skill, 0)

    def school(self, name: str) -> int:
        """Ranks in a magic school (EL-P12: from ``schools``)."""
        return self.schools.get(name, 0)

    def has(self, condition: str) -> bool:
        for c in self.conditions:  # noqa: SIM110 - a loop is faster; asked often in a fight
            if c.name == condition:
                return True
        return False

    def has_trump(self, trump: str) -> bool:
        return trump in self.trumps

    @property
    def condition_names(self) -> tuple[str, ...]:
        return tuple(sorted({c.name for c in self.conditions}))

    @property
    def in_grab(self) -> bool:
        """EL5.8: pinned, or holding someone pinned."""
        return self.pinned_by is not None or bool(self.pinning)

    def weapon(self, name: str) -> Weapon | None:
        """The held weapon called ``name`` (case-insensitive), or None."""
        wanted = folded(name)
        return next((w for w in self.weapons if folded(w.name) == wanted), None)

    def spell(self, name: str) -> Spell | None:
        wanted = folded(name)
        return next((s for s in self.spells if folded(s.name) == wanted), None)


MORALE = ("Unnerved", "Frightened", "Terrified", "Running scared", "Paralyzed")
"""EL11.1: the Morale table, levels 1-5, -2 each."""
AGITATION = ("Bothered", "Flustered", "Vexed", "Enraged", "Meltdown")
"""EL11.2: the Agitation table, levels 1-5, -2 each."""
PENALTY_PER_LEVEL = -2


def level_penalty(level: int) -> int:
    """EL11.1-2: -2 a level (Unnerved -2 ... Paralyzed -10); 0 for none."""
    return PENALTY_PER_LEVEL * level


def die_sides(rules: Settings) -> int:
    """EL1.1: the faces of every roll's die (the house rule ``die``: d10, d20 or d12)."""
    return int(rules.die[1:])


class Encounter(EncounterFields):
    ruleset: ClassVar[str] = "elysium"
    path: str | None = None
    """The file it was read from (none for a file on standard input)."""

    def get(self, name: str) -> Combatant:
        """The combatant with exactly this (already resolved) name."""
        for combatant in self.combatants:
            if combatant.name == name:
                return combatant
        raise KeyError(name)
