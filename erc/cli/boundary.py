"""The boundary every resolving command goes through: shared options, load, resolve, record.

A ruleset's command function takes the loaded encounter and its own options and returns a
``Mechanic`` (``erc.core.mechanic``). ``wrap`` gives it the shared options (``-e``,
``--json``, ``--seed``, ``--rolls``, ``--odds``, ``--apply``, ``--key``, ``--journal``, as
its ``Traits`` say) and turns a call into: open the encounter (with ``--apply``, the journal
under its exclusive lock), ask the command for its mechanic, ``execute`` it, record the
event, release the lock, and return the ``Outcome`` for ``erc.cli.run`` to print.
"""

from __future__ import annotations

from erc.core.dice import Dice, PhysicalSource, SeededSource, new_seed, parse_rolls, parse_seed
from erc.core.errors import ErcError
from erc.core.mechanic import Option, Param, bind
from erc.core.outcome import Outcome
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from erc.core.journal import Handle
    from erc.core.mechanic import Mechanic, Traits
    from erc.core.parts import Drawing
    from erc.core.session import Loaded


class Options(Value):
    """The shared options of one invocation."""

    encounter: str | None = None
    as_json: bool = False
    seed: str | None = None
    rolls: str | None = None
    odds: bool = False
    apply: bool = False
    key: str | None = None
    journal: str | None = None


SHARED = Options._fields


# The shared options, declared once (``erc.core.mechanic``): a ruleset's command gets the ones
# its ``Traits`` say, typed by the fields of ``Options`` above; a shared command names them
# as its parameters' defaults (``as_json: bool = JSON``).
ENCOUNTER = Option(
    "--encounter",
    "-e",
    envvar="ERC_ENCOUNTER",
    show_envvar=True,
    help="The encounter file (YAML).",
    metavar="FILE",
)
JSON = Option("--json", help="Print one JSON document.")
SEED = Option(
    "--seed",
    metavar="N",
    help="Seed the dice (0 to 2^63-1; else ERC_SEED): the same seed gives the same result.",
)
ROLLS = Option(
    "--rolls",
    metavar="N,N,...",
    help="Physical dice read at the table, in the documented order.",
)
APPLY = Option(
    "--apply/--no-apply",
    envvar="ERC_APPLY",
    show_envvar=True,
    help="Record the result in the encounter's journal (ERC_APPLY=1: the default; "
    "--no-apply previews).",
)
KEY = Option(
    "--key",
    metavar="KEY",
    help="Record the result under KEY: a key already in the journal is not applied "
    "again, the event first recorded is reported (applied.replayed), so a script can "
    "retry safely.",
)
JOURNAL = Option(
    "--journal",
    envvar="ERC_JOURNAL",
    show_envvar=True,
    metavar="FILE",
    help="The journal (default: <encounter>.journal.jsonl beside it).",
)
ODDS = Option("--odds", help="Exact probabilities; alone it draws no dice.")

DECLARED = {
    "encounter": ENCOUNTER,
    "as_json": JSON,
    "seed": SEED,
    "rolls": ROLLS,
    "odds": ODDS,
    "apply": APPLY,
    "key": KEY,
    "journal": JOURNAL,
}


def shared_options(traits: Traits) -> list[str]:
    """The shared options a command with ``traits`` takes, in the order help shows them."""
    names = ["encounter", "as_json"]
    if traits.dice:
        names += ["seed", "rolls"]
    if traits.odds:
        names.append("odds")
    if traits.apply:
        names += ["apply", "key"]
    return [*names, "journal"]


def wrap(func: Callable[..., Any], name: str) -> Callable[..., Any]:
    """``func(loaded, **own)`` as a command taking its own options and the shared ones
    (``params`` says which; ``erc.cli.app`` shows them to Typer)."""

    def command(**kwargs: Any) -> Outcome:
        options = Options(**{k: kwargs.pop(k) for k in SHARED if k in kwargs})
        return invoke(name, func, options, kwargs)

    command.erc_wrapped = func  # type: ignore[attr-defined]
    command.__name__ = func.__name__
    command.__doc__ = func.__doc__
    command.__module__ = func.__module__
    return command


def params(command: Callable[..., Any]) -> list[Param]:
    """The declared command line of ``command``: a wrapped command's own parameters
    (without ``loaded``), then the shared options its ``Traits`` give, typed by the fields
    of ``Options``; any other command's parameters as they are."""
    from erc.core.mechanic import Traits

    func = getattr(command, "erc_wrapped", None)
    if func is None:
        return bind(command)
    traits: Traits = getattr(func, "erc_traits", Traits())
    types: dict[str, str] = Options.__annotations__
    return [
        *bind(func),
        *(Param(n, DECLARED[n], types[n], {}) for n in shared_options(traits)),
    ]


MAX_KEY = 200
"""The longest ``--key`` accepted, in characters."""


def check_key(key: str, apply: bool) -> None:
    """CONTRACT ``--key``: it goes with ``--apply``, and it is not blank (an unset shell
    variable, ``--key "$KEY"``, would make every later result a replay of the first)."""
    if not apply:
        raise ErcError("usage", "--key names an applied result: it goes with --apply")
    if not key.strip():
        raise ErcError(
            "usage",
            "--key is blank: give each result a key of its own "
            "(a blank key would make every later result a replay of the first)",
        )
    if len(key) > MAX_KEY:
        raise ErcError("usage", f"--key is longer than {MAX_KEY} characters")


def invoke(name: str, func: Callable[..., Any], options: Options, own: dict[str, Any]) -> Outcome:
    """Load, resolve, record; the lock (with ``--apply``) is released before printing."""
    from erc.core.session import open_encounter

    if options.key is not None:
        check_key(options.key, options.apply)
    if options.seed is not None and options.rolls is not None:
        raise ErcError("usage", "give --seed or --rolls, not both")
    if options.seed is not None:
        parse_seed(options.seed)  # a bad --seed is refused before anything is loaded
    import sys

    reuse = sys.modules.get("erc.cli.reuse")  # imported by erc batch alone
    stamp = None
    if reuse is not None and reuse.ON:  # erc batch: what this line prepares may be kept
        stamp = reuse.stamps(options)
    with open_encounter(options.encounter, options.journal, write=options.apply) as loaded:
        if options.key is not None:
            first = loaded.replayed(options.key)
            if first is not None:
                return replay(name, loaded, first, options.key)
        mechanic: Mechanic = func(loaded, **own)
        if reuse is not None and reuse.ON:
            mechanic = reuse.keep(options, stamp, loaded, mechanic)
        return execute(mechanic, loaded, options)


def execute(mechanic: Mechanic, loaded: Loaded, options: Options) -> Outcome:
    """Draw dice from the chosen source, resolve, check the rolls, record with ``--apply``.

    CONTRACT: ``--odds`` alone draws no dice (the ``unresolved`` result, nothing to apply);
    with ``--seed`` or ``--rolls`` it also resolves.
    """
    over = fight_over(mechanic, loaded) if options.apply else None
    physical = PhysicalSource(parse_rolls(options.rolls)) if options.rolls is not None else None
    # ERC_SEED is the seed of what draws dice: no word on it where nothing would use it
    # (--rolls given, or a mechanic that draws none); a --seed given is always read
    used = physical is None and (mechanic.draws or options.seed is not None)
    given_seed = parse_seed(options.seed) if used else None
    odds_alone = options.odds and given_seed is None and physical is None
    odds = mechanic.odds() if options.odds and mechanic.odds is not None else None
    seed: int | None = None
    rolls: tuple[Any, ...] = ()
    if odds_alone and mechanic.unresolved is not None:
        result = mechanic.unresolved()
    else:
        if physical is not None:
            dice = Dice(physical, mechanic.budget)
        else:
            seed = given_seed if given_seed is not None else new_seed()
            dice = Dice(SeededSource(seed), mechanic.budget)
        if not mechanic.draws and physical is None and given_seed is None:
            seed = None  # nothing to replay
        result = mechanic.resolve(dice)
        if physical is not None:
            physical.check_all_used()
        rolls = tuple(dice.rolls)
    applied = None
    preview = None
    if options.apply and odds_alone and _apply_by_default():
        from erc.core.errors import warn  # a question asked with ERC_APPLY set: answered

        warn("--odds alone rolls nothing, so nothing was recorded (ERC_APPLY=1)")
    elif options.apply:
        applied = record(mechanic, loaded, options, result, seed, rolls, odds_alone)
        if over is not None:  # R14.7: recorded, with a warning
            from erc.core.errors import warn

            warn(f"{over}: {mechanic.command} was recorded all the same (event {applied['event']})")
    elif mechanic.effects is not None and not odds_alone and len(loaded.index):
        preview = loaded.journal  # a fight is under way: say that nothing was recorded
    return Outcome(
        command=mechanic.command,
        result=result,
        render=mechanic.render,
        encounter=loaded.encounter,
        seed=seed,
        rolls=rolls,
        odds=odds,
        applied=applied,
        preview=preview,
    )


def _apply_by_default() -> bool:
    """Whether ``ERC_APPLY`` makes ``--apply`` the default (click's words for true)."""
    import os

    from erc.core.text import TRUE_WORDS

    return os.environ.get("ERC_APPLY", "").strip().lower() in TRUE_WORDS


def fight_over(mechanic: Mechanic, loaded: Loaded) -> str | None:
    """R14.7: when the fight is over, ``roll-init --apply`` is refused (``fight-over``)
    before any die; any other change is recorded with a warning (the words returned)."""
    fight = loaded.ruleset.fight(loaded.state)
    if not fight.over:
        return None
    who = ", ".join(fight.survivors) or "nobody"
    over = f"the fight is over: {fight.winner or 'nobody'} stands ({who})"
    if mechanic.command == "roll-init":
        raise ErcError(
            "fight-over",
            f"{over}, so no new round starts (R14.7); `erc new-fight` moves this journal "
            "aside to start a new one (or heal someone first to fight on)",
            loaded.journal,
        )
    return over


def record(
    mechanic: Mechanic,
    loaded: Loaded,
    options: Options,
    result: Any,
    seed: int | None,
    rolls: tuple[Any, ...],
    odds_alone: bool,
) -> dict[str, Any]:
    """``--apply``: the result's effects become one journal event, durable before output."""
    from erc.core.envelope import to_data

    if odds_alone:
        raise ErcError(
            "nothing-to-apply",
            "--odds alone rolls nothing, so there is nothing "
            "to --apply; add --seed or --rolls to resolve it",
        )
    effects = mechanic.effects(result) if mechanic.effects is not None else ()
    event: dict[str, Any] = {
        "command": mechanic.command,
        "round": mechanic.event_round if mechanic.event_round is not None else loaded.state.round,
        "key": options.key,
    }
    event["effects"] = [e.to_json() for e in effects]
    event["seed"] = seed
    event["rolls"] = [{"die": r.die, "value": r.value, "for": r.purpose} for r in rolls]
    event["result"] = to_data(result)
    recorded = loaded.record(event)
    return {"journal": loaded.journal, "event": recorded["id"]}


def _replayed() -> Drawing:
    """The renderer of a replayed event, ``erc.cli.render.replayed``: imported only for a
    human table."""
    from erc.cli.render import replayed

    return replayed


def replay(name: str, loaded: Loaded, event_id: int, key: str) -> Outcome:
    """``--key`` already in the journal: nothing is applied again; the event recorded the
    first time is reported (``applied.replayed``)."""
    assert loaded.txn is not None  # --key goes with --apply
    event = keyed_event(loaded.txn, event_id, key, name)
    from erc.core.dice import Roll

    rolls = tuple(
        Roll(r.get("die", 0), r.get("value", 0), str(r.get("for", "")))
        for r in event.get("rolls") or ()
        if isinstance(r, dict)
    )
    return replayed(
        name,
        result=event.get("result"),
        event_id=event_id,
        journal=loaded.journal,
        cancelled=loaded.index.cancelled,
        encounter=loaded.encounter,
        seed=event.get("seed") if isinstance(event.get("seed"), int) else None,
        rolls=rolls,
    )


def keyed_event(handle: Handle, event_id: int, key: str, recorded_as: str) -> dict[str, Any]:
    """The event ``--key`` found (``event_id``), read again under the held lock; a key that
    an event of another command than ``recorded_as`` took is ``key-conflict``."""
    event = handle.event(event_id)
    if event is None:
        raise ErcError("bad-journal", f"the event with --key {key!r} could not be read again")
    if event.get("command") != recorded_as:
        raise ErcError(
            "key-conflict",
            f"--key {key!r} was used by event {event_id}, an {_typed(event.get('command'))}, "
            f"not {_typed(recorded_as)}: give this result its own key",
            handle.path,
        )
    return event


def _typed(command: object) -> str:
    """A journal's command as a user types it (``undo-to`` is ``erc undo --to``)."""
    return "erc undo --to" if command == "undo-to" else f"erc {command}"


def recorded_effects(event: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    """The effects of ``kind`` an event read again (``keyed_event``) records, as written."""
    effects = event.get("effects")
    listed = effects if isinstance(effects, list) else ()
    return [e for e in listed if isinstance(e, dict) and e.get("type") == kind]


def replayed(
    name: str,
    *,
    result: Any,
    event_id: int,
    journal: str,
    cancelled: set[int],
    encounter: Any,
    seed: int | None = None,
    rolls: tuple[Any, ...] = (),
) -> Outcome:
    """The outcome of a replay: the first result, said in a terminal to be recorded before;
    ``applied`` names the event first recorded, and whether an undo cancelled it."""
    return Outcome(
        command=name,
        result=result,
        render=_replayed,
        encounter=encounter,
        seed=seed,
        rolls=rolls,
        odds=None,
        applied={
            "journal": journal,
            "event": event_id,
            "replayed": True,
            "undone": event_id in cancelled,
        },
    )
