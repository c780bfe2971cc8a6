"""What ``erc batch`` keeps from one line for the next (off outside a batch).

A script's batch repeats the same command with a new seed, line after line. Two things do
not depend on the seed, and are kept:

- **the parsed line** (``parse``): the options the fast path read, keyed by the line
  without its ``--seed``; the seed is put back each time;
- **the prepared mechanic** (``keep``, then ``quick``): the loaded encounter, its folded
  journal, the command's ``Mechanic`` (the attack plan, say) and its options, for a line
  that records nothing, keyed by the line without its seed. The next such line goes
  straight to resolving with its own seed, but only while the encounter file and the
  journal are the files they were (device, inode, size, modification and change times,
  taken before they were read) and the journal is where it was: a line that records,
  another process appending, an edit saved, or a folder made where no journal was in
  between makes the next line load and plan afresh.

A mechanic is pure (``erc.core.mechanic``): resolving it again with other dice is exactly
what the line run alone would do. Its exact odds are computed once.
"""

from __future__ import annotations

import os

from erc.cli.boundary import Options, execute
from erc.cli.fast import split
from erc.core.encounter import identity
from erc.core.session import journal_path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from erc.core.mechanic import Mechanic
    from erc.core.outcome import Outcome
    from erc.core.session import Loaded

ON = False
"""Set by ``erc batch`` for the lines it runs."""
MAX_KEPT = 256
"""Lines remembered of each kind; a batch of many different lines simply stops keeping."""

_parsed: dict[tuple[str, ...], dict[str, Any] | None] = {}
_prepared: dict[
    tuple[str, ...],
    tuple[tuple[Any, ...], Loaded, Mechanic, tuple[tuple[Any, ...], str | None, tuple[Any, ...]]],
] = {}
"""Per line without its seed: the files' stamp, the loaded encounter, the mechanic, and the
line's ``Options`` fields before its seed, its ``--rolls``, and its fields after the seed."""
line: tuple[str, ...] | None = None
"""The line being run, without its seed (``parse`` sets it): the key of what is kept."""


def parse(args: list[str], ruleset: str) -> dict[str, Any] | None:
    """``erc.cli.fast.parse``, remembered for the line without its ``--seed``."""
    from erc.cli import fast

    global line
    line = None
    key, seed = without_seed(args)
    if key is None:
        return fast.parse(args, ruleset)
    full = (ruleset, *key)
    if full in _parsed:
        template = _parsed[full]
    else:
        template = fast.parse([word for word in key if word != SEED_AT], ruleset)
        if (  # the line read whole must be the template and its seed: ``--journal --seed 5``
            template is not None  # gives --journal the value "--seed" (as every line of
            and seed is not None  # that shape does)
            and fast.parse(args, ruleset) != {**template, "seed": seed}
        ):
            template = None
        if len(_parsed) < MAX_KEPT:
            _parsed[full] = template
    if template is None or (seed is not None and "seed" not in template):
        return fast.parse(args, ruleset)  # the fast path declines the line: let it say so
    kwargs = dict(template)
    if seed is not None:
        kwargs["seed"] = seed
    line = full
    return kwargs


SEED_AT = "\0--seed"
"""Where a line's ``--seed N`` stood, in its key (no word of a command line has a NUL)."""


def without_seed(args: list[str]) -> tuple[tuple[str, ...] | None, str | None]:
    """The line with ``SEED_AT`` in place of its one ``--seed N`` (or ``--seed=N``), and N;
    None when unsure (read by the one tokenizer, ``erc.cli.fast.split``, knowing only
    ``--seed``: ``parse`` checks the first line of a key read whole against what is kept).
    Lines of one key have the same words before their seed, so the seed is an option in all
    of them or in none: ``--with --seed 5 longsword`` gives --with the value ``--seed``, and
    is not the key of ``--with longsword --seed 5``."""
    read = split(args, _SEED)
    if read.dashes is not None or read.pending is not None or len(read.options) > 1:
        return None, None
    if not read.options:
        return tuple(args), None
    _, seed, start, end = read.options[0]
    return (*args[:start], SEED_AT, *args[end:]), seed


_SEED = {"--seed": True}


def stamps(options: Options) -> tuple[Any, ...] | None:
    """What a prepared mechanic is read from, as the files are now: the encounter, the
    journal (both taken before they are read, so a change while reading only makes a miss)
    and where the journal is (``--journal``, or beside the encounter: a path that other
    files decide, ``erc.core.journal.default_path``)."""
    if not options.encounter:
        return None
    try:
        journal = journal_path(options.encounter, options.journal)
    except Exception:  # an unusual path: let the ordinary load report it
        return None
    encounter = identity(options.encounter)
    if encounter is None:
        return None
    moves = not options.journal and _moves(options.encounter)
    return (encounter, _state(journal), options.encounter, moves, journal)


def _moves(encounter: str) -> bool:
    """Whether the journal beside ``encounter`` may move while the encounter stays the same
    file (``erc.core.journal.default_path``): ``NAME.yml``'s, by which files exist beside it;
    a symlink's, by the name it points to. Any other's is the name's alone."""
    return encounter.endswith(".yml") or os.path.islink(encounter)


def _state(path: str) -> tuple[int, ...] | None:
    """A journal's identity (``erc.core.encounter.identity``) and its kind: None only when
    nothing is there, so a folder or FIFO made where no journal was is a change."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (
        info.st_mode,
        info.st_dev,
        info.st_ino,
        info.st_size,
        info.st_mtime_ns,
        info.st_ctime_ns,
    )


def quick(args: list[str]) -> Outcome | None:
    """The line's outcome from what an earlier line like it prepared, when the files it was
    read from are unchanged; None: run it the ordinary way."""
    key, seed = without_seed(args)
    return quick_for(key, seed) if key is not None else None


def kept(key: tuple[str, ...]) -> bool:
    """Whether a mechanic is kept for the line without its seed ``key``."""
    return key in _prepared


def quick_for(key: tuple[str, ...], seed: str | None) -> Outcome | None:
    """``quick`` for a line already split into its key and seed (``without_seed``)."""
    found = _prepared.get(key)
    if found is None:
        return None
    stamp, loaded, mechanic, (head, rolls, tail) = found
    if seed is not None and rolls is not None:
        return None  # --seed with --rolls: the ordinary path says which to give
    encounter, journal, path, moves, where = stamp
    if (
        encounter != identity(path)
        or journal != _state(where)
        or (moves and where != journal_path(path, None))
    ):
        del _prepared[key]
        return None
    return execute(mechanic, loaded, Options(*(*head, seed, *tail)))


def keep(
    options: Options, stamp: tuple[Any, ...] | None, loaded: Loaded, mechanic: Mechanic
) -> Mechanic:
    """Remember a line's mechanic (its odds computed once); the mechanic to use now."""
    if line is None or options.apply or options.key is not None or stamp is None:
        return mechanic
    if len(_prepared) >= MAX_KEPT:
        return mechanic
    if mechanic.odds is not None:
        from erc.core.value import replace

        mechanic = replace(mechanic, odds=_once(mechanic.odds))
    given = tuple(getattr(options, k) for k in options._fields)
    at = options._fields.index("seed")  # the fields around the seed, which each line gives
    _prepared[line[1:]] = (stamp, loaded, mechanic, (given[:at], options.rolls, given[at + 1 :]))
    return mechanic


def _once(compute: Callable[[], Any]) -> Callable[[], Any]:
    kept: list[Any] = []

    def odds() -> Any:
        if not kept:
            kept.append(compute())
        return kept[0]

    return odds
