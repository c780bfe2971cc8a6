"""Movement for a turn (RULES.md R9; seed 000 "Movement Revisited", seed 001 sneak approach).

The order is fixed, and every step floors (R1.1): 1 the species rate (or the file's
``speed``), 2 rate changes (armor encumbrance, ``--rate``) give the total rate,
3 percentage restrictions of the total (the strongest once), 4 flat penalties, which leave
the movement available this turn; then 5 the costs of the turn and 6 the path spend it.
7: nothing left after 1-4, or an immobilising condition, means immobile. No dice.
"""

from __future__ import annotations

from fractions import Fraction
from math import floor

from erc.core.errors import ErcError, did_you_mean, one_of
from erc.core.value import Value
from erc.rulesets.er.conditions import NO_MOVE
from erc.rulesets.er.model import CONDITIONS, SIZES, Combatant, HouseRules
from erc.rulesets.er.rules.turns import PICK_UP_FT

HEX_FT = 5
"""seed 000: "Remember, when using a map, each hex is five feet."""

SPECIES_RATES = {
    "human": 50,
    "dwarf": 40,
    "elf": 55,
    "gnome": 45,
    "nhoblit": 45,
    "jzaka": 55,
    "batfolk": 40,
    "jen'esse": 40,
    "sub-orc": 50,
    "equirda": 60,
}
"""R9.1: the species rates in feet."""

ENCUMBRANCE = {"none": 0, "light": 0, "medium": -10, "heavy": -25}
"""R9.2: encumbrance from the file's armor, applied automatically."""

HALF = Fraction(1, 2)

IMMOBILISING = NO_MOVE
"""R9.7 and R10: asleep, unconscious, paralysed, incapacitated, petrified, surprised (round
1) and grappled are immobile (``erc.rulesets.er.conditions.NO_MOVE``)."""

MOVEMENT_CONDITIONS = (*CONDITIONS, "surprised")
"""What ``--condition`` accepts: the file's closed set, plus ``surprised`` (R4.3, round 1)."""

COSTS: dict[str, tuple[str, int | Fraction]] = {
    "dismount": ("dismount", HALF),
    "mount": ("mount", HALF),
    "stand-up": ("stand up from prone", HALF),
    "pick-up": ("pick up an item", PICK_UP_FT),
    "draw": ("draw, sheathe or switch a weapon", 10),
    "ready-weapon": ("pick up and ready a weapon", 20),
    "ready-shield": ("ready a shield without the skill", 10),
}
"""R9.5: each cost of the turn, in feet or as a fraction of the **species** rate."""

STEED_COSTS = ("mount", "dismount")
PICK_UPS = ("pick-up", "ready-weapon")
"""R9.5 / seed 001: picking up (readying a weapon includes it) needs an unspent action."""
BIG_STEEDS = SIZES[SIZES.index("huge") :]
"""R9.5: mounting or dismounting a Huge or bigger steed costs 100% of the species rate."""
STEED_SIZES = ("medium", "large", *BIG_STEEDS)


class Turn(Value):
    """What the GM says about this turn, beside the file."""

    rates: tuple[int, ...] = ()
    penalties: tuple[int, ...] = ()
    conditions: frozenset[str] = frozenset()
    sneak_approach: bool = False
    costs: tuple[str, ...] = ()
    steed_size: str | None = None
    action_spent: bool = False
    hexes: int = 0
    difficult: int = 0
    crawl: int = 0
    spent_earlier: int = 0
    """Feet already spent this round (R11.3: movement may be split around the action)."""


class Step(Value):
    """One line of the ledger: ``ft`` the signed change, ``after_ft`` the movement after it
    (never below 0), ``rule`` the R9 clause that applied it."""

    what: str
    ft: int
    after_ft: int
    rule: str


class Movement(Value):
    name: str
    species_rate: int
    total_rate: int
    available_ft: int
    spent_ft: int
    remaining_ft: int
    remaining_hexes: int
    immobile: bool
    reason: str | None
    steps: tuple[Step, ...]
    spent_earlier_ft: int = 0
    """Feet spent by earlier movement this round (R11.3), not counted in ``spent_ft``."""
    stood_up: bool = False
    """R9.5, R10 prone ("crawl or stand up"): the turn paid to stand a prone combatant up,
    so it is prone no more (``--apply`` takes the condition away)."""


def species_rate(who: Combatant) -> tuple[int, str]:
    """R9.1: the file's ``speed``, else the species table; neither is an error."""
    if who.speed is not None:
        return who.speed, "speed (from the file)"
    species = (who.species or "").strip().casefold().replace("\u2019", "'")
    if species in SPECIES_RATES:
        return SPECIES_RATES[species], f"species rate ({species})"
    known = ", ".join(SPECIES_RATES)
    what = f"species {who.species!r}" if who.species else "no species"
    raise ErcError(
        "no-movement-rate",
        f"{who.name} has {what}{did_you_mean(species, SPECIES_RATES) if species else ''} and "
        f"no speed: R9.1 knows {known}; give `speed:` in the file",
    )


def movement(who: Combatant, turn: Turn, house: HouseRules | None = None) -> Movement:
    """R9: the movement ``who`` has this turn, what the turn spends, and what is left."""
    house = house or HouseRules()
    _check(who, turn)
    conditions = frozenset(who.condition_names) | turn.conditions
    ledger = _Ledger()

    rate, label = species_rate(who)  # R9.1
    ledger.add(label, rate, "R9.1")
    if ENCUMBRANCE[who.armor]:  # R9.2
        ledger.add(f"encumbrance ({who.armor} armor)", ENCUMBRANCE[who.armor], "R9.2")
    for change in turn.rates:
        ledger.add("rate change", change, "R9.2")
    ledger.settle()
    total = ledger.value

    _restrict(ledger, conditions, turn.sneak_approach, house)  # R9.3
    for penalty in turn.penalties:  # R9.4
        ledger.add("flat penalty", -penalty, "R9.4")
    left = ledger.value
    ledger.settle()

    reasons = [] if left > 0 else [f"R9.1-R9.4 leave {left} ft"]  # R9.7
    stopped = sorted(c for c in conditions if c in IMMOBILISING)
    if who.body <= 0:  # R5.8: at 0 Body the combatant is down
        stopped.insert(0, "down (0 Body)")
    if who.turn_ended:  # R14.3: it gave up its movement
        stopped.insert(0, "its turn ended (R14.3)")
    if stopped:
        reasons.insert(0, ", ".join(stopped))
        if ledger.value:
            ledger.add(f"immobile: {reasons[0]}", -ledger.value, "R9.7")
    reason = "; ".join(reasons) or None
    earlier = min(turn.spent_earlier, ledger.value)
    if turn.spent_earlier:  # R11.3: a later movement starts from what is left
        ledger.add("spent earlier this round", -earlier, "R11.3")
    available = ledger.value

    spends = [_cost(kind, rate, turn.steed_size) for kind in turn.costs]  # R9.5
    spends += _path(turn)  # R9.6
    spent = sum(ft for _, ft, _ in spends)
    if spent > available:
        raise _shortfall(who.name, available, spends, reason)
    for what, ft, rule in spends:
        ledger.add(what, -ft, rule)
    remaining = available - spent
    return Movement(
        name=who.name,
        species_rate=rate,
        total_rate=total,
        available_ft=available,
        spent_ft=spent,
        remaining_ft=remaining,
        remaining_hexes=remaining // HEX_FT,
        immobile=reason is not None,
        reason=reason,
        steps=tuple(ledger.steps),
        spent_earlier_ft=earlier,
        stood_up="stand-up" in turn.costs and who.has("prone"),
    )


def cost_refused(who: Combatant, cost: str, house: HouseRules | None = None) -> str | None:
    """Why ``who`` cannot pay the turn's cost ``cost`` (R9.5) out of the movement it has
    left this round (R9.7: immobile or too little; R11.3), else None. A combatant whose
    rate the file does not give (no species, no speed) is not judged: None."""
    try:
        movement(who, Turn(costs=(cost,), spent_earlier=who.movement_spent), house)
    except ErcError as error:
        return None if error.code == "no-movement-rate" else error.message
    return None


class _Ledger:
    """The running movement and its steps; ``settle`` floors it at 0 between R9 steps."""

    def __init__(self) -> None:
        self.value = 0
        self.steps: list[Step] = []

    def add(self, what: str, ft: int, rule: str) -> None:
        self.value += ft
        self.steps.append(Step(what, ft, max(0, self.value), rule))

    def settle(self) -> None:
        self.value = max(0, self.value)


def _restrict(ledger: _Ledger, conditions: frozenset[str], sneak: bool, house: HouseRules) -> None:
    """R9.3: percentage restrictions of the total; several do not stack, the strongest
    applies once. House rule ``bound_movement: full`` lifts the bound one."""
    restrictions: list[tuple[str, Fraction]] = []
    if "bound" in conditions:
        if house.bound_movement == "half":
            restrictions.append(("bound", HALF))
        else:
            ledger.add("bound: no restriction (house rule bound_movement: full)", 0, "R9.3")
    if sneak:
        restrictions.append(("sneak approach", HALF))  # seed 001: "only half"
    if not restrictions:
        return
    strongest = min(factor for _, factor in restrictions)
    what = f"{restrictions[0][0]} x{strongest}"
    if len(restrictions) > 1:
        names = ", ".join(name for name, _ in restrictions)
        what = f"{names}: x{strongest} once (restrictions do not stack)"
    ledger.add(what, floor(ledger.value * strongest) - ledger.value, "R9.3")


def _cost(kind: str, species: int, steed_size: str | None) -> tuple[str, int, str]:
    """R9.5: one cost of the turn; percentages are of the species rate, floored."""
    what, cost = COSTS[kind]
    if isinstance(cost, Fraction):
        if kind in STEED_COSTS and steed_size in BIG_STEEDS:
            cost = Fraction(1)
        steed = f", {steed_size or 'medium/large'} steed" if kind in STEED_COSTS else ""
        what = f"{what} ({int(cost * 100)}% of species rate {species}{steed})"
        return what, floor(species * cost), "R9.5"
    return what, cost, "R9.5"


def _path(turn: Turn) -> list[tuple[str, int, str]]:
    """R9.6: 5 ft a hex; difficult terrain (an ally's space too) x2; crawling x3."""
    legs = [
        (turn.hexes, "hex", "hexes", 1),
        (turn.difficult, "difficult hex (x2)", "difficult hexes (x2)", 2),
        (turn.crawl, "crawled hex (x3)", "crawled hexes (x3)", 3),
    ]
    return [
        (f"{n} {one if n == 1 else many}", n * HEX_FT * factor, "R9.6")
        for n, one, many, factor in legs
        if n
    ]


def _shortfall(
    name: str, available: int, spends: list[tuple[str, int, str]], reason: str | None
) -> ErcError:
    """R9.7: "spending more than is left is an error that names the shortfall"."""
    spent = sum(ft for _, ft, _ in spends)
    listed = "; ".join(f"{what}: {ft} ft" for what, ft, _ in spends)
    costs = sum(ft for _, ft, rule in spends if rule == "R9.5")
    if reason is not None:
        return ErcError(
            "movement-shortfall",
            f"{name} is immobile ({reason}) and cannot spend {spent} ft ({listed})",
        )
    fit = ""
    if costs <= available:
        after = available - costs
        lead = f"after the costs {after} ft remain," if costs else f"{after} ft is"
        fit = f"; {lead} {after // HEX_FT} plain hex(es)"
    return ErcError(
        "movement-shortfall",
        f"{name} has {available} ft this turn but the turn needs {spent} ft ({listed}): "
        f"{spent - available} ft short{fit}",
    )


def _check(who: Combatant, turn: Turn) -> None:
    """Bad input: a clear error, never a guess."""
    for label, count in (
        ("--hexes", turn.hexes),
        ("--difficult", turn.difficult),
        ("--crawl", turn.crawl),
    ):
        if count < 0:
            raise ErcError("bad-option", f"{label} counts hexes: {count} is negative")
    for penalty in turn.penalties:
        if penalty < 0:
            raise ErcError(
                "bad-option",
                f"--penalty is a loss in ft: {penalty} is negative (a gain is --rate +FT)",
            )
    for name in turn.conditions:
        if name not in MOVEMENT_CONDITIONS:
            raise one_of("condition", name, MOVEMENT_CONDITIONS, "unknown-condition")
    for kind in turn.costs:
        if kind not in COSTS:
            raise one_of("cost", kind, COSTS, "unknown-cost")
    _check_steed(turn)
    if turn.action_spent and (picks := [k for k in turn.costs if k in PICK_UPS]):
        raise ErcError(
            "action-spent",
            f"{who.name} has spent the action this round, so cannot {picks[0]}: picking up "
            "needs the action unspent (R9.5)",
        )
    prone = who.has("prone") or "prone" in turn.conditions
    if prone and (turn.hexes or turn.difficult) and "stand-up" not in turn.costs:
        raise ErcError(
            "prone",
            f"{who.name} is prone: walking needs --cost stand-up first, or move with --crawl",
        )


def _check_steed(turn: Turn) -> None:
    """R9.5: the steed is Medium/Large unless ``--steed-size`` says Huge or bigger."""
    if turn.steed_size is None:
        return
    if turn.steed_size not in SIZES:
        raise ErcError(
            "unknown-size",
            f"unknown steed size {turn.steed_size!r}{did_you_mean(turn.steed_size, SIZES)}; "
            f"one of: {', '.join(STEED_SIZES)}",
        )
    if turn.steed_size not in STEED_SIZES:
        raise ErcError(
            "bad-option",
            f"R9.5 prices a Medium/Large or a Huge or bigger steed; a {turn.steed_size} "
            f"steed has no cost there (one of: {', '.join(STEED_SIZES)})",
        )
    if not any(kind in STEED_COSTS for kind in turn.costs):
        raise ErcError(
            "bad-option",
            "--steed-size is for --cost mount or --cost dismount, and neither is given",
        )
