"""A Spellchrome combatant's sheet (``erc show``, SC-P15): HP and EX-HP (SC8.3), AC,
touch and flat-footed AC (SC5), each weapon's attack bonuses (SC4.3, SC4.4 iterative) and
damage (SC6.2), speed, conditions and the actions left this round (SC1). Pure."""

from __future__ import annotations

from erc.core.sheet import Sheet, SheetWeapon, signed
from erc.core.status import condition_rows
from erc.rulesets.spellchrome.conditions import cannot_act
from erc.rulesets.spellchrome.model import ABILITIES, Combatant, Weapon
from erc.rulesets.spellchrome.rules.armor_class import armor_class


def weapon_line(who: Combatant, weapon: Weapon) -> SheetWeapon:
    """SC4.3: melee BAB + Strength modifier, ranged and thrown BAB + Dexterity modifier,
    each iterative bonus (SC4.4); SC6.2: a melee or thrown weapon adds Strength to damage."""
    ability = "strength" if weapon.melee else "dexterity"
    bonuses = tuple(step + who.mod(ability) for step in who.bab(weapon))
    strength = who.mod("strength") if weapon.adds_strength else 0
    damage = weapon.damage + (f" {signed(strength)}" if strength else "")
    attack = "/".join(signed(b) for b in bonuses) + f" ({ability})"
    if weapon.range is not None:
        attack += f", range {weapon.range + weapon.range_bonus + who.range_bonus} ft"
    numbers: dict[str, object] = {
        "bonuses": list(bonuses),
        "ability": ability,
        "damage": weapon.damage,
        "damage_modifier": strength,
        "range_ft": weapon.range,
        "max_range_ft": weapon.max_range,
    }
    return SheetWeapon(
        name=weapon.name, kind=weapon.kind, attack_text=attack, damage_text=damage, numbers=numbers
    )


def sheet(who: Combatant, round_now: int) -> Sheet:
    """``who`` as the journal leaves it."""
    reason = cannot_act(who)
    acs = {
        "AC": armor_class(who).value,
        "touch AC": armor_class(who, touch=True).value,
        "flat-footed AC": armor_class(who, flat_footed=True).value,
    }
    notes = []
    if who.dr:
        notes.append(f"damage reduction {who.dr} (SC8.1)")
    if who.armor is not None and not who.armor.empowered:
        notes.append(f"{who.armor.name} is not empowered: no bonus, DR or EX-HP (SC5.2)")
    return Sheet(
        name=who.name,
        side=who.side,
        health_word="HP",
        health=who.hp,
        health_max=who.hp_max,
        pools={"EX-HP": (who.ex_hp, who.ex_hp_max)} if who.ex_hp_max else {},
        defense=acs,
        attributes={a: {"score": who.score(a), "modifier": who.mod(a)} for a in ABILITIES},
        skills={},
        numbers={"initiative": who.mod("dexterity") + who.initiative},
        weapon_lines=tuple(weapon_line(who, w) for w in who.weapons),
        movement={"speed_ft": who.speed, "spent_ft": who.movement_spent},
        conditions=condition_rows(who.conditions, round_now),
        resources={
            "standard": not who.standard_used,
            "move": not who.move_used,
        },
        can_act=reason is None,
        cannot_act_because=reason,
        notes=tuple(notes),
    )
