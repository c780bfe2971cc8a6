"""The Elysium combat model every mechanic reads: combatants, weapons, spells, settings.

The fields a file gives are declared once, in ``erc.rulesets.elysium.format``: ``fields.py``
is written from it (``make model``), and so is ``from_file.py``, which builds the model from
a validated file. This module adds the rules' methods, what the file gives at two levels
(``skill_abilities``), and the journal's state, folded in by ``erc.rulesets.elysium.events``;
frozen, plain data. The closed sets the format shares are in ``sets.py``.
"""

from __future__ import annotations

from erc.core.text import folded
from erc.core.value import Value
from erc.rulesets.elysium.fields import (
    CombatantFields,
    EncounterFields,
    Settings as Settings,  # the model adds nothing to it
    SpellFields,
    SpellLevelFields,
    WeaponFields,
)
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
    skill_abilities: Mapping[str, str] = {}
    """Skill -> key ability, the file's and the combatant's own (EL1.3, EL-P10)."""
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
