"""Every error code erc can emit, each with what it means: the one list scripts read.

An error envelope's ``error.code`` (``{"erc": "2", "error": {"code": ...}}``, exit 2) is
stable for scripts; its ``message`` is for people. Raise sites keep the code as a string
literal (``ErcError("unknown-combatant", ...)``); ``tests/project/test_error_codes.py`` walks erc's
source and fails on a code raised but missing here, or listed here and raised nowhere. The
scripting page of the docs (``docs/reference/errors.md``) is generated from this table
(``make docs-gen``).

Plain data: nothing on a command's path imports it.
"""

from __future__ import annotations

CODES: dict[str, str] = {
    # --- the command line and its inputs ---------------------------------------------------
    "usage": "The command line itself is wrong: an unknown command or option, a missing "
    "argument, a value its declaration refuses (not a whole number, outside the option's "
    "range or choices), options that do not go together (--seed with --rolls, --key without "
    "--apply).",
    "bad-option": "A value the mechanic refuses once it reads it, alone or with another "
    "(--mod past its limit, --move-ft without --charge, NAME=VALUE malformed); the message "
    "says which.",
    "bad-text": "An argument holds bytes that are not UTF-8 text where erc must record it "
    "(--key, --type); nothing was written.",
    "bad-seed": "--seed or ERC_SEED is not a whole number from 0 to 2^63-1 in ASCII digits.",
    "bad-rolls": "--rolls is malformed, too long, or a value is not a face of the die it was "
    "read for.",
    "rolls-exhausted": "--rolls gave fewer dice than the command needed; the message names "
    "the die and what it was for.",
    "dice-budget": "The command would draw more than 1,000 dice.",
    "bad-dice": "A die with fewer than 1 or more than 1,000 sides.",
    "bad-expression": "A dice expression (erc roll, a damage or DR expression) does not "
    "parse, is empty or is longer than its limits.",
    "nothing-to-apply": "--odds alone draws no dice, so there is nothing to --apply; add "
    "--seed or --rolls.",
    "endless-dice": "A reroll or explosion that could never stop (1d1e1, 1d20e<21), refused "
    "before any die is rolled.",
    "division-by-zero": "A dice expression divides (/, //, %) by something that came to 0; "
    "with --odds, by something that can come to 0.",
    "odds-too-costly": "--odds (or erc simulate --exact) would have to walk more outcomes "
    "than erc allows; roll the dice (or simulate) instead.",
    "not-in-ruleset": "The command or option belongs to another ruleset than the encounter's "
    "(erc disarm on a Spellchrome file, say).",
    "unknown-ruleset": "The file's ruleset: (or --ruleset) names no ruleset erc has.",
    "output-lost": "erc batch could not write an envelope (its reader went away or the "
    "output is full); lines after it were not run.",
    # --- files -----------------------------------------------------------------------------
    "no-encounter": "No encounter file: give -e FILE or set ERC_ENCOUNTER.",
    "file-not-found": "The file named does not exist.",
    "file-too-large": "The encounter file is larger than 1 MiB.",
    "bad-file": "The file cannot be read as one: a folder, a FIFO or device, not UTF-8, "
    "unreadable, or a name with a NUL byte (also: a completion script cannot be written).",
    "invalid-encounter": "The encounter file breaks its format; error.problems lists every "
    "problem with its line and column (erc check reports the same).",
    "bad-journal": "The journal cannot be used: a line that is not an event, an event naming "
    "someone not in the encounter, an event of another ruleset, the journal being the "
    "encounter file itself, an unreadable file; the message names the line.",
    "journal-write": "The journal could not be written (disk full, permissions); nothing was "
    "recorded.",
    "journal-full": "The event would pass the journal's limits (64 MiB a file, 1 MiB a line, "
    "or its ids and rounds); nothing was written: start a new journal.",
    "key-conflict": "--key was already used by an event of another command; give this result "
    "its own key.",
    "nothing-to-undo": "erc undo found no applied event left to cancel.",
    "bad-undo": "erc undo --to ID names no applied event of the journal, or the first "
    "event itself (nothing may be taken back past it).",
    "bad-rename": "erc rename cannot carry the fight over: OLD is still in the file, the "
    "journal never named OLD, or NEW is already in the journal (R14.4).",
    "journal-name-missing": "The journal names a combatant the encounter file no longer has; "
    "the message names it and the way on (put the name back, erc rename, erc new-fight).",
    "no-round": "erc join before any round has started: the next roll-init rolls for everyone.",
    "already-in-fight": "erc join of a combatant already in the round's order.",
    "fight-over": "roll-init --apply on a fight that is over (fewer than two sides stand); "
    "the message names who stands and points to erc new-fight (R14.7).",
    "turn-ended": "An action, or end-turn, by a combatant that already ended its turn this "
    "round (R14.3).",
    # --- erc simulate ----------------------------------------------------------------------
    "one-side": "erc simulate: every combatant of the file is on one side, so there is no fight.",
    "side-clash": "erc simulate: a combatant with no side is named like another's side, so "
    "the report could not tell them apart; give it a side.",
    "bad-expect": "erc simulate --expect is not SIDE>=P, names no side of the file, or P is "
    "outside 0-1.",
    "exact-needs-duel": "erc simulate --exact needs exactly two combatants, one a side.",
    "exact-refused": "erc simulate --exact: the duel's turns depend on more than the two "
    "healths (a starting condition, Spellchrome EX-HP), so no exact answer is given.",
    "simulate-stuck": "erc simulate stopped a fight in which the same combatant stayed next "
    "turn after turn (a guard; please report the file).",
    # --- combatants, weapons, targets -----------------------------------------------------
    "unknown-combatant": "No combatant of the encounter has that name (the message lists "
    "them, with a did-you-mean).",
    "ambiguous-combatant": "A name prefix matches several combatants; give more of the name.",
    "no-combatants": "The encounter has no combatants to roll initiative for.",
    "bad-target": "The targets do not make an attack: none, the attacker itself, or one "
    "named twice.",
    "too-many-targets": "More targets than the attack has strikes (ER).",
    "bad-split": "--split is malformed or splits a pool into parts that cannot each strike "
    "their own target (ER).",
    "unknown-weapon": "The combatant holds no weapon of that name (the message lists those "
    "it holds).",
    "no-weapon": "The combatant has no weapon for what was asked: its primary pool, an "
    "off-hand strike, or any attack at all.",
    "empty-pool": "The pool asked for has no dice, or the attacker has nothing to strike "
    "with (ER).",
    "two-handed": "The primary weapon needs both hands, so there is no off-hand strike (ER).",
    "weapon-locked": "The weapon is held in a weapon lock and cannot strike, lock or disarm "
    "until freed (ER R8.2).",
    "no-melee-weapon": "A lock or disarm needs a melee weapon and the attacker has none "
    "chosen (ER R8.1).",
    "savage-weapon": "A savage (body) weapon cannot be locked or disarmed (ER).",
    "not-locked": "The weapon named is not in a weapon lock: nothing to free or drop (ER).",
    "natural-weapon": "A natural weapon is part of the body: it cannot be disarmed or pried "
    "away (Elysium).",
    "nothing-to-disarm": "The defender holds no manufactured weapon to disarm (Elysium).",
    "take-needs-hand-to-hand": "disarm --take needs a disarm made with the hand-to-hand "
    "skill (Elysium).",
    "nothing-to-pick-up": "No weapon of the combatant (or the one named) lies on the ground.",
    "unknown-spell": "The caster has no spell of that name (Elysium).",
    "no-such-level": "The spell has no level of that number (Elysium).",
    "unknown-size": "A steed size that is not one of ER's sizes (erc movement --steed-size).",
    "unknown-condition": "A condition name outside the ruleset's closed set.",
    "bad-condition": "A condition that cannot be set this way: not one of Elysium's, or "
    "pinned, which only a grab sets.",
    "unknown-cost": "A movement cost outside ER's list (erc movement --cost).",
    "bad-bonus": "An initiative --bonus outside +1 to +10 (Spellchrome).",
    # --- the turn: who may act ----------------------------------------------------------
    "cannot-act": "The combatant cannot act now: down, asleep, surprised, incapacitated, "
    "paralyzed, bound where that forbids the weapon; the message says why.",
    "already-acted": "The combatant has already taken its action this round (ER), or its "
    "standard action (Spellchrome); --extra-action where a skill or magic grants another.",
    "action-spent": "Picking up a weapon needs the action unspent, and it is spent (ER R9.5).",
    "cannot-react": "The combatant cannot react at all now (asleep, surprised, down, ...).",
    "no-reaction": "The combatant's one reaction this round is spent, so it cannot resist.",
    "charmed": "A charmed combatant cannot target its charmer (ER).",
    "round-started": "roll-init --apply for a round that has already started in the "
    "journal; the next one is started by the next roll-init --apply.",
    "no-order": "No initiative order in the journal yet to delay in: roll-init --apply "
    "first (Spellchrome).",
    "bad-delay": "A delay that cannot be made: after itself, after someone with no place "
    "this round, or not later than it already acts (Spellchrome).",
    # --- movement -------------------------------------------------------------------------
    "movement-shortfall": "The move and its costs need more feet than the combatant has "
    "left this round, or it is immobile; the message gives the shortfall (ER).",
    "not-enough-movement": "The move is longer than the movement left this turn (Spellchrome).",
    "no-movement-rate": "A species with no known movement rate and no speed in the file (ER).",
    "prone": "A prone combatant must stand up (--cost stand-up) or crawl before walking (ER).",
    "cannot-move": "The combatant cannot move: pinned, or holding a pin it must carry or "
    "release (Elysium).",
    "not-prone": "Standing up was asked of a combatant that is not prone (Elysium).",
    # --- ranges (Spellchrome) -------------------------------------------------------------
    "out-of-range": "Past the weapon's max_range or the spell's range (Spellchrome).",
    "out-of-reach": "A melee weapon reaches 5 ft, and the distance given is further (Spellchrome).",
    # --- sneak attacks (ER) ----------------------------------------------------------------
    "sneak-disadvantage": "No sneak attack at disadvantage, for any reason (ER R6.4).",
    "sneak-weapon": "The weapon cannot make a sneak attack (ranged, light, reach or sneak: "
    "true only; the message lists those that can), or --stealth-dc with a ranged one (ER).",
    "no-drop": "erc drop found no held drop by that holder on that victim in the journal; "
    "give --held N (ER).",
    # --- Elysium's action points, defence and grabs ---------------------------------------
    "not-enough-ap": "The action costs more action points than the combatant has left this "
    "round (Elysium).",
    "not-enough-mp": "The spell's level costs more magic points than the caster has (Elysium).",
    "defensive": "The combatant went on the defensive this round and may make no offensive "
    "action (Elysium).",
    "offensive-taken": "The combatant made an offensive action this round and cannot go on "
    "the defensive (Elysium).",
    "helpless": "A helpless defender makes no Defense Roll, so --defense cannot be given "
    "(Elysium).",
    "cannot-parry": "The defender cannot parry: in a grab, or with no weapon and no "
    "hand-to-hand ranks (Elysium).",
    "already-pinned": "The defender is already pinned: squeeze, throw, move, pry or release "
    "instead of grabbing again (Elysium).",
    "not-pinned": "The action needs a pin that is not there: escape when not pinned, or a "
    "grab action on someone the attacker does not pin (Elysium).",
    "cannot-cast": "A pinned caster without focus_casting cannot cast (Elysium).",
    "no-sidestep": "A free Sidestep trip without the trump, or with no charge to answer (Elysium).",
    "immune": "The GM ruled the defender beyond negotiation (--immune) (Elysium).",
}
"""Each code erc raises, and its meaning in one line."""
