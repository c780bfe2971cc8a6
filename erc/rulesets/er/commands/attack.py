"""``erc attack ATTACKER TARGET...``: one attack, every strike of the chosen pools (R5)."""

from __future__ import annotations

from enum import StrEnum

from erc.core.dice import Mode
from erc.core.errors import ErcError
from erc.core.lookup import find_all
from erc.core.mechanic import Argument, Mechanic, Option, command
from erc.core.text import whole_number
from erc.core.value import replace
from erc.rulesets.er import events
from erc.rulesets.er.commands import ADVANTAGE, DISADVANTAGE, EXTRA_ACTION
from erc.rulesets.er.commands.acting import actor, locks_given_up, release_notes

TYPE_CHECKING = False
if TYPE_CHECKING:
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


def renderer() -> Drawing:
    """The renderer, ``erc.rulesets.er.render.attack``: imported only for a human table."""
    from erc.rulesets.er.render import attack

    return attack


class Pool(StrEnum):
    primary = "primary"
    off = "off"
    savage = "savage"


def parse_split(text: str) -> tuple[str, tuple[int, ...]]:
    """``"2,1"`` (the primary pool) or ``"savage:1,1"`` -> ``(pool, (dice, ...))``."""
    pool, _, sizes = text.rpartition(":")
    pool = pool.strip().casefold() or "primary"
    if pool not in Pool.__members__:
        raise ErcError("bad-split", f"--split {text!r}: no pool called {pool!r}")
    parts = [whole_number(p, signed=False, most_digits=2) for p in sizes.split(",")]
    if None in parts:
        raise ErcError(
            "bad-split",
            f"--split {text!r}: expected dice per part such as 2,1 (or savage:1,1)",
        )
    return pool, tuple(p for p in parts if p is not None)


@command(odds=True)
def attack(
    loaded: Loaded,
    attacker: str = Argument(metavar="ATTACKER", help="Who attacks."),
    targets: list[str] = Argument(
        metavar="TARGET...",
        help="Targets in order: strike k (primary, off, savage; split parts in order) "
        "strikes target k; the last target takes the strikes left over.",
    ),
    weapon: str | None = Option("--with", metavar="WEAPON", help="The primary pool's weapon."),
    pools: list[Pool] | None = Option(
        "--pool", help="A pool to strike with (repeatable); default: every pool with dice."
    ),
    split: str | None = Option(
        "--split",
        metavar="[POOL:]N,N...",
        help="Split a pool's dice into parts, one strike per part (spinning moves); "
        "default pool: primary.",
    ),
    advantage: bool = ADVANTAGE,
    disadvantage: bool = DISADVANTAGE,
    extra_action: bool = EXTRA_ACTION,
) -> Mechanic:
    """Resolve one attack: every strike of the attacker's pools against its targets.

    Dice for --rolls, in order: strike by strike, each strike's d20s (the advantage die last),
    then the crit award d20, then the d3 for each target hit, in command-line order.
    """
    from erc.rulesets.er.rules import attack as rules  # here: other commands start without it

    encounter = loaded.encounter
    state = events.state_of(loaded)
    who, notes = actor(loaded, attacker, extra_action)
    plan = rules.plan_attack(
        who,
        find_all(encounter, targets),
        weapon=weapon,
        pools=[p.value for p in pools] if pools else None,
        split=parse_split(split) if split is not None else None,
        mode=Mode.of(advantage, disadvantage),
        advantage_damage=encounter.rules.advantage_damage,
    )
    locks = locks_given_up(loaded, who, (s.weapon for s in plan.strikes))
    if notes or locks:  # else the plan as made, which ``rules.resolver`` has seen before
        plan = replace(plan, notes=notes + plan.notes + release_notes(locks))

    def odds() -> dict[str, object]:
        from erc.rulesets.er.odds.attack import contract, exact

        return contract(exact(plan))

    return Mechanic(
        command="attack",
        resolve=rules.resolver(plan),
        render=renderer,
        effects=lambda result: events.attack(result, state, extra_action, locks),
        odds=odds,
        unresolved=lambda: rules.unresolved(plan),
    )
