"""An Elysium combatant's sheet (``erc show``, EL-P16): HP, MP, AP left (EL3), its Dodge
and Parry without the die (EL5.2, EL5.3, with the round's situation: EL5.6-5.8), each
weapon's attack terms (EL4.1) and AP cost, abilities and skill ranks (EL1.2), movement
(EL13), conditions. Pure: the state is folded in."""

from __future__ import annotations

from erc.core.sheet import Sheet, SheetWeapon
from erc.core.status import condition_rows
from erc.core.value import replace
from erc.rulesets.elysium.conditions import cannot_act
from erc.rulesets.elysium.model import Combatant, Settings, Weapon
from erc.rulesets.elysium.rules.ap import ft_for
from erc.rulesets.elysium.rules.attack import attack_parts
from erc.rulesets.elysium.rules.defense import dodge_parts, parry_parts, situational
from erc.rulesets.elysium.rules.initiative import parts_of
from erc.rulesets.elysium.rules.rolls import penalties


def _terms(parts: dict[str, int]) -> str:
    return " ".join(f"{v:+d} {k}" for k, v in parts.items() if v)


def weapon_line(who: Combatant, weapon: Weapon, die: str) -> SheetWeapon:
    """EL4.1: CUN + the weapon's skill ranks + MUS + damage score (+ magic, against a
    defender without magic defense), with the Morale and Agitation penalties (EL11)."""
    anyone = replace(who, name="", mdef=0)
    parts = {**attack_parts(who, weapon, anyone), **penalties(who)}
    total = sum(parts.values())
    attack = f"{die} {total:+d} ({_terms(parts)}), {weapon.ap} AP"
    damage = "attack - defense, if positive"
    numbers: dict[str, object] = {"bonus": total, "parts": parts, "ap": weapon.ap}
    return SheetWeapon(
        name=weapon.name,
        kind="natural" if weapon.natural else "weapon",
        attack_text=attack,
        damage_text=damage,
        numbers=numbers,
    )


def sheet(who: Combatant, round_now: int, rules: Settings) -> Sheet:
    """``who`` as the journal leaves it."""
    reason = cannot_act(who)
    extra = {**situational(who), **penalties(who)}
    defense = {"Dodge": sum({**dodge_parts(who), **extra}.values())}
    parry = parry_parts(who, who.weapons[0] if who.weapons else None)
    if parry is not None:
        defense["Parry"] = sum({**parry, **extra}.values())
    notes = [f"Dodge and Parry without the die ({rules.die}); Parry with the first weapon"]
    if who.pinned_by:
        notes.append(f"pinned by {who.pinned_by} (EL10)")
    lost = ", ".join(who.lost_weapons)
    if lost:
        notes.append(f"weapons lost: {lost} (erc pick-up for one on the ground)")
    ft_per_ap = rules.move_ft_per_ap
    return Sheet(
        name=who.name,
        side=who.side,
        health_word="HP",
        health=who.hp,
        health_max=who.hp_max,
        pools={"MP": (who.mp, who.mp_max)} if who.mp_max else {},
        defense=defense,
        attributes={k: {"score": v} for k, v in who.abilities.items()},
        skills=dict(who.skills),
        numbers={"reaction": sum(parts_of(who).values())},
        weapon_lines=tuple(weapon_line(who, w, rules.die) for w in who.weapons),
        movement={"per_ap_ft": ft_per_ap, "with_ap_left_ft": ft_for(who.ap_left, ft_per_ap)},
        conditions=condition_rows(who.conditions, round_now),
        resources={"ap_left": who.ap_left, "ap": who.ap},
        can_act=reason is None,
        cannot_act_because=reason,
        notes=tuple(notes),
    )
