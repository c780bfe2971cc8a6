"""What a ruleset's command hands the CLI: how to resolve one mechanic, and what it changes;
and how every command declares its command line (``Option``, ``Argument``, below).

A command function (``<package>.commands``) parses nothing and prints nothing: given the
loaded encounter (``erc.core.session.Loaded``) and its own options, it checks its inputs and
returns a ``Mechanic``; the CLI draws the dice, resolves, records and renders it. So every
mechanic follows one convention for ``--odds`` (``odds()`` beside the result; alone, the
``unresolved()`` result and no dice) and for ``--apply`` (``effects(result)``).
"""

from __future__ import annotations

from erc.core.dice import DICE_BUDGET
from erc.core.value import Value

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence
    from typing import Any

    from erc.core.dice import Dice
    from erc.core.events import Effect
    from erc.core.parts import Renderer


class Mechanic(Value):
    command: str
    resolve: Callable[[Dice], Any]
    """Draw the dice (in the order the command documents) and resolve."""
    render: Renderer
    """Imports and returns the human renderer (``render(outcome)``): a function of the
    command's module, so only a human table imports its renderer (and rich)."""
    effects: Callable[[Any], Sequence[Effect]] | None = None
    """What the result changes in the journal (``--apply``); None: nothing to record."""
    odds: Callable[[], Mapping[str, Any]] | None = None
    """Exact probabilities (``--odds``)."""
    unresolved: Callable[[], Any] | None = None
    """The result with nothing drawn (``--odds`` alone)."""
    draws: bool = True
    """False for a mechanic that rolls no dice at all."""
    budget: int = DICE_BUDGET
    event_round: int | None = None
    """The round its event belongs to, when not the current one (``roll-init``: the round
    it starts)."""


class Traits(Value):
    """Which shared options a command takes."""

    dice: bool = True
    """``--seed``, ``--rolls``."""
    odds: bool = False
    """``--odds``."""
    apply: bool = True
    """``--apply``, ``--key``."""


def command(
    *, dice: bool = True, odds: bool = False, apply: bool = True
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a ruleset's command function with the shared options it takes (``Traits``); its
    own line stays declared (``settle``) and its defaults become plain."""

    def mark(func: Callable[..., Any]) -> Callable[..., Any]:
        func.erc_traits = Traits(dice, odds, apply)  # type: ignore[attr-defined]
        settle(func)
        return func

    return mark


# --- the command line ---------------------------------------------------------------------
# A command's command line, declared once: each parameter's default is an ``Option`` or an
# ``Argument`` record, and its annotation says its type.
#
#     def attack(
#         loaded: Loaded,
#         attacker: str = Argument(metavar="ATTACKER", help="Who attacks."),
#         weapon: str | None = Option("--with", metavar="WEAPON", help="The weapon."),
#         advantage: bool = Option("--advantage", help="Roll at advantage (R1.5)."),
#     ) -> Mechanic:
#
# The records speak Typer's words (flags, ``help``, ``metavar``, ``min``/``max``,
# ``envvar``). From them the fast path (``erc.cli.fast``) parses an ordinary line without
# importing typer, and ``erc.cli.app`` builds the Typer command that gives help, usage errors
# and completion. ``bind`` reads a record with its parameter's name and annotation text into
# the ``Param`` both sides use: the type is said once, by the annotation (``str``, ``int``,
# ``bool``, an enum class of the command's module, each optionally ``| None`` or ``list[...]``).
# The function's docstring is its help, with the order of the dice ``--rolls`` reads.
#
# (Here, beside ``command``, rather than in a module of its own: every command imports this
# module already, and each module on the start-up path costs about 0.6M instructions.)


class Declared:
    """One parameter as its command declares it (``Option(...)``, ``Argument(...)``)."""

    __slots__ = ("default", "flags", "kind", "required", "typer")

    def __init__(self, kind: str, flags: tuple[str, ...], given: dict[str, Any]) -> None:
        self.kind = kind
        self.flags = flags
        self.default: Any = given.pop("default", REQUIRED if kind == "argument" else None)
        self.required: bool = given.pop("required", False) or self.default is REQUIRED
        self.typer = given
        """The rest, in Typer's words: help, metavar, min, max, envvar, show_envvar..."""


REQUIRED: Any = ...
"""An ``Argument``'s default when it has none: the line must give it (Typer's ``...``)."""


def Option(*flags: str, **given: Any) -> Any:
    """An option: its flags (``"--apply/--no-apply"``: a flag and its negation), and
    ``help``, ``metavar``, ``min``, ``max``, ``envvar``, ``show_envvar``, ``show_default``,
    ``default`` (else None; False for a ``bool``), ``required``."""
    return Declared("option", flags, given)


def Argument(**given: Any) -> Any:
    """A positional argument: ``metavar``, ``help``, ``default`` (else required); a
    ``list[...]`` one takes every word left."""
    return Declared("argument", (), given)


class Param:
    """A declared parameter read with its name and type: what a parser needs."""

    __slots__ = (
        "annotation",
        "choices",
        "declared",
        "default",
        "enum",
        "envvar",
        "flag",
        "high",
        "kind",
        "low",
        "metavar",
        "multiple",
        "name",
        "nargs",
        "opts",
        "required",
        "secondary",
        "type",
    )

    def __init__(self, name: str, declared: Declared, annotation: str, names: Mapping[str, Any]):
        self.name = name
        self.declared = declared
        self.annotation = annotation
        kind = self.kind = declared.kind
        base, optional, listed = _TYPES.get(annotation) or _type(annotation)
        if base in ("str", "int", "bool"):
            self.type = base
            self.enum: Any = None
            self.choices: tuple[str, ...] = ()
        else:
            self.type = "choice"
            self.enum = names[base]
            self.choices = tuple(str(m.value) for m in self.enum)
        option = kind == "option"
        self.flag = base == "bool" and option
        self.multiple = listed and option
        self.nargs = -1 if listed and not option else 1
        default = declared.default
        self.default = False if default is None and self.flag and not optional else default
        self.required = declared.required
        given = declared.typer
        self.low: int | None = given.get("min")
        self.high: int | None = given.get("max")
        self.envvar: str | None = given.get("envvar")
        self.metavar: str | None = given.get("metavar")
        self.opts: list[str] = []
        self.secondary: list[str] = []
        for flag in declared.flags:
            primary, _, negation = flag.partition("/")
            self.opts.append(primary)
            if negation:
                self.secondary.append(negation)


def _type(annotation: str) -> tuple[str, bool, bool]:
    """``"list[Pool] | None"`` -> ``("Pool", True, True)``: the base type's name, whether
    None is allowed, whether it is a list."""
    text = annotation.replace(" ", "")
    optional = "|None" in text or "None|" in text
    text = text.replace("|None", "").replace("None|", "")
    listed = text.startswith("list[") and text.endswith("]")
    return (text[5:-1] if listed else text), optional, listed


_TYPES = {
    text: _type(text)
    for text in ("str", "str | None", "int", "int | None", "bool", "bool | None", "list[str]")
}
_TYPES.update((text, _type(text)) for text in ("list[str] | None", "list[int] | None"))


def declared(func: Callable[..., Any]) -> list[tuple[str, Declared]]:
    """The declared parameters of ``func`` in order, ``(name, declaration)``: those ``settle``
    kept, else read off its defaults (the function object, no ``inspect``)."""
    kept: list[tuple[str, Declared]] | None = getattr(func, "erc_line", None)
    if kept is not None:
        return kept
    code = func.__code__
    names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    defaults = func.__defaults__ or ()
    values = dict(zip(names[code.co_argcount - len(defaults) :], defaults, strict=False))
    values.update(func.__kwdefaults__ or {})
    return [(n, values[n]) for n in names if isinstance(values.get(n), Declared)]


def settle(func: Callable[..., Any]) -> None:
    """Keep ``func``'s declared line (``erc_line``) and give its parameters their plain
    defaults, so a direct call (a simulated fight, a test) gets what a line without the
    option gets (a required argument keeps ``REQUIRED``)."""
    line = declared(func)
    func.erc_line = line  # type: ignore[attr-defined]
    hints: dict[str, str] = func.__annotations__

    def plain(name: str, value: Any) -> Any:
        if not isinstance(value, Declared):
            return value
        if value.default is None and value.kind == "option" and hints.get(name) == "bool":
            return False
        return value.default

    code = func.__code__
    names = code.co_varnames[: code.co_argcount]
    defaults = func.__defaults__ or ()
    func.__defaults__ = tuple(
        plain(n, d) for n, d in zip(names[len(names) - len(defaults) :], defaults, strict=True)
    )
    if func.__kwdefaults__:
        func.__kwdefaults__ = {n: plain(n, d) for n, d in func.__kwdefaults__.items()}


def shared(func: Callable[..., Any]) -> Callable[..., Any]:
    """A shared command (``erc/cli/commands``): its line kept, its defaults plain
    (``settle``; a ruleset's command gets the same from ``erc.core.mechanic.command``)."""
    settle(func)
    return func


def bind(func: Callable[..., Any]) -> list[Param]:
    """Each declared parameter of ``func`` with its type (its annotation's text)."""
    hints: dict[str, str] = func.__annotations__
    return [Param(n, d, hints[n], func.__globals__) for n, d in declared(func)]
