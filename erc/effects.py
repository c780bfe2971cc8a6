"""What an applied result changes: a command's result -> journal effects (see erc.state).

Pure code over the result objects' CONTRACT fields, so the journal records deltas (damage
dealt, conditions, reactions spent) and concurrent writers add up instead of overwriting.
"""

from __future__ import annotations

from collections.abc import Callable

from erc.state import State

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    from typing import Any


if TYPE_CHECKING:
    Effect = dict[str, Any]


def effects_of(command: str, result: Any, state: State) -> list[Effect]:
    handler = _HANDLERS.get(command)
    return handler(result, state) if handler else []


def _damage(targets: Any) -> list[Effect]:
    return [
        {"type": "damage", "target": t.name, "amount": t.damage} for t in targets if t.damage > 0
    ]


def _acted(name: str | None) -> list[Effect]:
    return [{"type": "acted", "who": name}] if name else []


def _attack(result: Any, state: State) -> list[Effect]:
    return _acted(getattr(result, "attacker", None)) + _damage(result.targets)


def _roll_init(result: Any, state: State) -> list[Effect]:
    """A new round (R3.4: initiative anew each round); R4.3 surprised for round 1; R4.2 a
    sleeper whose check succeeded is awake."""
    order = [[p.name, p.roll, list(p.tiebreak)] for p in result.order]
    effects: list[Effect] = [
        {
            "type": "round",
            "round": result.round,
            "surprised": list(result.surprised),
            "order": order,
        }
    ]
    effects += [
        {"type": "condition", "target": p.name, "remove": "asleep"}
        for p in result.order
        if p.status == "woke"
    ]
    return effects


def _disarm(result: Any, state: State) -> list[Effect]:
    """R8: the attempt is the attacker's action; a resisting victim spends its reaction
    (R8.4) and takes the 2/3/4 damage (R8.3); the weapon ends locked (and by whom) or
    disarmed. R8.2: a lock that hits a combatant holding a lock frees the weapon it held,
    "even if the reaction to prevent the pinning ... is successful"."""
    effects = _acted(result.attacker)
    if result.reaction is not None or result.damage_taken:
        effects.append({"type": "reaction", "who": result.victim})
    if result.damage_taken:
        effects.append({"type": "damage", "target": result.victim, "amount": result.damage_taken})
    if result.outcome == "locked":
        effects.append(
            {
                "type": "weapon",
                "who": result.victim,
                "weapon": result.victim_weapon,
                "state": "locked",
                "by": result.attacker,
            }
        )
    elif result.outcome == "disarmed":
        effects.append(
            {
                "type": "weapon",
                "who": result.victim,
                "weapon": result.victim_weapon,
                "state": "disarmed",
            }
        )
    if result.maneuver == "lock" and result.hit:
        effects += [
            {"type": "weapon", "who": wielder, "weapon": weapon, "state": "free"}
            for (wielder, weapon), locker in state.lockers.items()
            if locker == result.victim
        ]
    return effects


def _perceive(result: Any, state: State) -> list[Effect]:
    """R4.4: "a sleeper who stayed asleep checks again to wake (DC 17)": made, it wakes."""
    sleeper = any(c.name == result.name and c.has("asleep") for c in state.encounter.combatants)
    if sleeper and result.success:
        return [{"type": "condition", "target": result.name, "remove": "asleep"}]
    return []


def _free(result: Any, state: State) -> list[Effect]:
    """R8.2: the wielder pays the dice and its weapon is free again."""
    return [{"type": "weapon", "who": result.name, "weapon": result.weapon, "state": "free"}]


def _shock(victim: str, shock: Any) -> list[Effect]:
    """R6.5: a failed shock save: incapacitated for the victim's next d3 actions."""
    if shock is None or not shock.incapacitated_actions:
        return []
    return [
        {
            "type": "condition",
            "target": victim,
            "add": "incapacitated",
            "actions": shock.incapacitated_actions,
        }
    ]


def _sneak(result: Any, state: State) -> list[Effect]:
    """R6: the sneak attack's damage and shock; with --drop (R6.6) the damage is held."""
    effects = _acted(result.attacker)
    if result.drop is not None:
        held = result.drop.held_damage
        if held <= 0:  # nothing hit: there is no drop to hold (R6.6)
            return effects
        drop = {"type": "drop", "holder": result.attacker, "victim": result.victim, "damage": held}
        return [*effects, drop]
    return effects + _damage(result.targets) + _shock(result.victim, result.shock)


def _drop(result: Any, state: State) -> list[Effect]:
    """R6.6: inflicting held damage ends the drop; a resisting victim spends its reaction;
    the damage may shock (R6.5). ``--holder-damaged``: a failed check breaks the drop."""
    released = {"type": "drop-released", "holder": result.holder, "victim": result.victim}
    if hasattr(result, "broken"):
        return [released] if result.broken else []
    effects: list[Effect] = [released]
    holder_spent = any(
        c.name == result.holder and c.reaction_used for c in state.encounter.combatants
    )
    # R6.6: "on the next action [or] an available reaction": the reaction when it has one
    effects.append({"type": "acted" if holder_spent else "reaction", "who": result.holder})
    if result.resists:
        effects.append({"type": "reaction", "who": result.victim})
    if result.damage:
        effects.append({"type": "damage", "target": result.victim, "amount": result.damage})
    return effects + _shock(result.victim, result.shock)


_HANDLERS: dict[str, Callable[[Any, State], list[Effect]]] = {
    "sneak": _sneak,
    "drop": _drop,
    "attack": _attack,
    "roll-init": _roll_init,
    "disarm": _disarm,
    "free": _free,
    "perceive": _perceive,
}
