"""A command's command line, declared once: each parameter's default is an ``Option`` or an
``Argument`` record, and its annotation says its type.

    def attack(
        loaded: Loaded,
        attacker: str = Argument(metavar="ATTACKER", help="Who attacks."),
        weapon: str | None = Option("--with", metavar="WEAPON", help="The weapon."),
        advantage: bool = Option("--advantage", help="Roll at advantage (R1.5)."),
    ) -> Mechanic:

The records speak Typer's words (flags, ``help``, ``metavar``, ``min``/``max``,
``envvar``). From them the fast path (``erc.cli.fast``) parses an ordinary line without
importing typer, and ``erc.cli.app`` builds the Typer command that gives help, usage errors
and completion. ``bind`` reads a record with its parameter's name and annotation text into
the ``Param`` both sides use: the type is said once, by the annotation (``str``, ``int``,
``bool``, an enum class of the command's module, each optionally ``| None`` or ``list[...]``).
The function's docstring is its help, with the order of the dice ``--rolls`` reads.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Mapping
    from typing import Any


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


class _Required:
    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""An ``Argument``'s default when it has none: the line must give it."""


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
        self.kind = declared.kind
        self.annotation = annotation
        text = annotation.replace(" ", "")
        optional = "|None" in text or "None|" in text
        text = text.replace("|None", "").replace("None|", "")
        listed = text.startswith("list[") and text.endswith("]")
        text = text[5:-1] if listed else text
        self.enum: Any = None if text in ("str", "int", "bool") else names[text]
        self.type = "choice" if self.enum is not None else text
        self.choices = tuple(str(m.value) for m in self.enum) if self.enum is not None else ()
        self.flag = self.type == "bool" and self.kind == "option"
        self.multiple = listed and self.kind == "option"
        self.nargs = -1 if listed and self.kind == "argument" else 1
        default = declared.default
        if default is None and self.flag and not optional:
            default = False
        self.default = default
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
