"""An Enchanted Realms combatant's sheet (``erc show``, R14): AC, Body, each weapon's pool
dice and the bonus on every die (R5.2, R5.3, R10 bound), its damage terms (R5.4), movement
(R9.1), conditions and what is left this round (R11). Pure: the state is folded in."""

from __future__ import annotations

from erc.core.sheet import Sheet, SheetWeapon, signed
from erc.core.status import condition_rows
from erc.rulesets.er.conditions import cannot_act, cannot_move, die_penalty
from erc.rulesets.er.model import SUB_ATTRIBUTES, Combatant, Weapon, size_modifier
from erc.rulesets.er.rules.attack import ATTRIBUTE
from erc.rulesets.er.rules.initiative import breakdown


def pool_of(weapon: Weapon) -> str:
    """R5.1: the pool a weapon strikes with: a natural weapon the savage pool, one held in
    the off hand the off pool, any other the primary pool."""
    if weapon.kind == "savage":
        return "savage"
    return "off" if weapon.hand == "off" else "primary"


def weapon_line(who: Combatant, weapon: Weapon, state: str) -> SheetWeapon:
    """R5.2-R5.4: its pool's dice, the bonus on every die (attribute score, size, R10
    bound's -5 on a hand pool), and its damage terms."""
    pool = pool_of(weapon)
    attribute = ATTRIBUTE[weapon.kind]
    dice = who.pool(pool)
    bonus = who.score(attribute) + size_modifier(who.size) + die_penalty(who, pool)
    modifier = who.mod(attribute)
    weight = weapon.weight_damage
    attack = f"{dice}d20 {signed(bonus)} each ({pool} pool)" if dice else f"no {pool} dice"
    damage = (
        f"hits {signed(modifier)} ({attribute}, once a target) {signed(weight)} (weight, "
        f"a strike) {weapon.damage_type}"
    )
    numbers = {
        "pool": pool,
        "dice": dice,
        "bonus_per_die": bonus,
        "attribute": attribute,
        "modifier_per_target": modifier,
        "weight_per_strike": weight,
        "damage_type": weapon.damage_type,
    }
    return SheetWeapon(
        name=weapon.name,
        kind=weapon.kind,
        attack_text=attack,
        damage_text=damage,
        numbers=numbers,
        state=state,
    )


def sheet(who: Combatant, filed: Combatant, round_now: int, rate: tuple[int, str]) -> Sheet:
    """``who`` as the journal leaves it; ``filed``: as the file gives it (its weapons on
    the ground or taken show as such); ``rate``: its movement rate and why (R9.1)."""
    weapons = []
    held = {w.name for w in who.weapons}
    for weapon in filed.weapons:
        if weapon.name in who.locked_weapons:
            state = "locked (R8)"
        elif weapon.name not in held or weapon.name in who.disarmed_weapons:
            state = "not in hand (disarmed or taken: erc pick-up)"
        else:
            state = "ready"
        weapons.append(weapon_line(who, weapon, state))
    weapons += [weapon_line(who, w, "picked up") for w in who.weapons if w not in filed.weapons]
    parts = breakdown(who)
    speed, why = rate
    spent = who.movement_spent
    blocked = cannot_move(who)
    left = 0 if blocked else max(0, speed - spent)
    reason = cannot_act(who)
    notes = [f"movement rate: {why}"]
    if blocked:
        notes.append(f"cannot move: {blocked}")
    attributes = {
        a: {"score": who.score(a), "modifier": who.mod(a)}
        for a in SUB_ATTRIBUTES
        if a in who.scores or a in who.modifiers
    }
    return Sheet(
        name=who.name,
        side=who.side,
        health_word="Body",
        health=who.body,
        health_max=who.body_max,
        pools={},
        defense={"AC": who.ac},
        attributes=attributes,
        skills={},
        numbers={"initiative": parts.agility + parts.other + parts.weapon_mod + parts.armor_mod},
        weapon_lines=tuple(weapons),
        movement={"rate_ft": speed, "spent_ft": spent, "left_ft": left},
        conditions=condition_rows(who.conditions, round_now),
        resources={
            "action": not who.own_action_spent,
            "reaction": not who.reaction_used,
            "movement_left_ft": left,
        },
        can_act=reason is None,
        cannot_act_because=reason,
        notes=tuple(notes),
    )
