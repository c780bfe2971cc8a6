"""``erc attack ATTACKER TARGET`` (SC4-SC8) and ``erc sneak ATTACKER VICTIM`` (SC9)."""

from __future__ import annotations

from erc.core.lookup import find, find_actor
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.core.value import replace
from erc.rulesets.spellchrome import events
from erc.rulesets.spellchrome.conditions import cannot_act

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded
    from erc.rulesets.spellchrome.rules.attack import AttackPlan


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.spellchrome.render.attack``: imported only for a human table."""
    from erc.rulesets.spellchrome.render import attack

    return attack


MAX_FT = 1_000_000


# attack's and sneak's
WEAPON = Option("--with", metavar="WEAPON", help="The weapon (default: the first listed).")
DISTANCE = Option(
    "--distance",
    default=0,
    min=0,
    max=MAX_FT,
    metavar="FT",
    help="Feet to the target (default 0): melee reaches 5 ft (SC4.5); past the "
    "effective range -6, past double the listed range half damage (SC7).",
)


def _mechanic(loaded: Loaded, plan: AttackPlan, command_name: str) -> Mechanic:
    from erc.rulesets.spellchrome.rules import attack as rules
    from erc.rulesets.spellchrome.rules.actions import refuse_or_note

    attacker = loaded.encounter.get(plan.attacker)
    notes = refuse_or_note(attacker, plan.actions, applying=loaded.txn is not None)
    if notes:
        plan = replace(plan, notes=plan.notes + notes)

    def odds() -> dict[str, object]:
        from erc.rulesets.spellchrome.odds.attack import contract, exact

        return contract(exact(plan))

    return Mechanic(
        command=command_name,
        resolve=lambda dice: rules.resolve(dice, plan),
        render=renderer,
        effects=events.attack,
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )


@command(odds=True)
def attack(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER", help="Who attacks."),
    target: str = Argument(metavar="TARGET", help="Who is attacked."),
    weapon: str | None = WEAPON,
    distance: int = DISTANCE,
    touch: bool = Option(
        "--touch", help="A touch attack: no armour, shield or natural armour (SC5.4)."
    ),
    flat_footed: bool = Option(
        "--flat-footed",
        help="The GM rules the target unaware of this enemy: no Dexterity bonus (SC5.3).",
    ),
    full: bool = Option(
        "--full", help="A full attack: one attack per iterative bonus, taking both actions (SC4.4)."
    ),
    mod: int = Option(
        "--mod",
        min=-100,
        max=100,
        metavar="N",
        help="A situational modifier to hit (SC4.6).",
        default=0,
    ),
    damage_mod: int = Option(
        "--damage-mod", min=-100, max=100, metavar="N", help="Added to damage.", default=0
    ),
) -> Mechanic:
    """Resolve an attack: d20 + BAB + ability modifier against AC; natural 1 misses and 20
    hits; the weapon's damage, DR rolled at the target's first hit of the round, EX-HP first.

    Dice for --rolls, in order: per attack its d20, then on a hit its damage dice, then the
    DR die when this is the target's first hit of the round.
    """
    from erc.rulesets.spellchrome.rules.attack import plan_attack

    encounter = loaded.encounter
    plan = plan_attack(
        find_actor(encounter, attacker, cannot_act),
        find(encounter, target),
        weapon=weapon,
        distance=distance,
        touch=touch,
        flat_footed=flat_footed,
        full=full,
        mod=mod,
        damage_mod=damage_mod,
    )
    return _mechanic(loaded, plan, "attack")


@command(odds=True)
def sneak(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER", help="Who gets the drop."),
    victim: str = Argument(metavar="VICTIM", help="The unaware victim."),
    weapon: str | None = WEAPON,
    distance: int = DISTANCE,
    victim_aware: bool = Option(
        "--victim-aware",
        help="The victim is aware of the attacker: not flat-footed for being unaware "
        "(an unaware condition included; asleep, bound, paralyzed, unconscious stay); "
        "the +4 stays (SC-P3).",
    ),
) -> Mechanic:
    """Get the drop (SC9): an attack at +4 after a successful Hide and Move Silently, the
    victim flat-footed (no Dexterity bonus) unless aware.

    Dice for --rolls, in order: as for erc attack: per attack its d20, then on a hit its damage
    dice, then the DR die when this is the target's first hit of the round.
    """
    from erc.rulesets.spellchrome.rules.attack import plan_attack

    encounter = loaded.encounter
    plan = plan_attack(
        find_actor(encounter, attacker, cannot_act),
        find(encounter, victim),
        weapon=weapon,
        distance=distance,
        sneak=True,
        victim_aware=victim_aware,
    )
    return _mechanic(loaded, plan, "sneak")
