"""The Typer applications: one per ruleset, each with that ruleset's commands and the shared
ones (``erc.cli.registry``).

Command functions keep their annotations as strings and do not import typer (the fast path
runs them without it); ``_typed`` evaluates those annotations here, with the shared options
of ``erc.cli.options`` in scope, before Typer reads them. ``python -m erc.cli.app`` writes
the fast path's spec files (``make spec``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, get_type_hints

import typer

from erc import __version__, rulesets
from erc.cli import options
from erc.cli.registry import commands, load_command
from erc.core.errors import ErcError


def _version(value: bool) -> None:
    if value:
        print(f"erc {__version__}")
        raise typer.Exit()


def _completion_first(value: bool) -> None:
    """``--show-completion`` or ``--install-completion`` after something else on the line
    (or in ``erc batch``): they are a command line of their own (``erc.cli.completion``)."""
    if value:
        raise ErcError(
            "usage",
            "--show-completion and --install-completion come alone, first on the command line: "
            "erc --show-completion [bash|zsh|fish]",
        )


def _typed(func: Callable[..., Any], shared: dict[str, Any] | None = None) -> Callable[..., Any]:
    """``func`` with its string annotations evaluated for Typer (``shared``: the ruleset's
    own option declarations, ``<package>.commands.options``)."""
    if hasattr(func, "erc_wrapped"):
        from erc.cli.boundary import signature as wrapped_signature

        func.__signature__ = wrapped_signature(func)  # type: ignore[attr-defined]
        original = func.erc_wrapped
    else:
        original = func
    import typing

    namespace = {
        **vars(typing),
        **original.__globals__,
        **vars(options),
        **(shared or {}),
        "typer": typer,
        "Outcome": object,
    }
    hints = get_type_hints(func, globalns=namespace, include_extras=True)
    signature = inspect.signature(func)
    params = [
        p.replace(annotation=hints.get(p.name, p.annotation)) for p in signature.parameters.values()
    ]
    func.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=params, return_annotation=inspect.Signature.empty
    )
    func.__annotations__ = {k: v for k, v in hints.items() if k != "return"}
    return func


def epilog(ruleset: str) -> str:
    others = ", ".join(n for n in rulesets.available() if n != ruleset)
    return (
        f"Commands of the {ruleset} ruleset and the shared ones. An encounter file's "
        f"`ruleset:` picks the commands ({others} too); `erc --help -e FILE` shows that "
        "file's."
    )


_apps: dict[str, typer.Typer] = {}
_registered: dict[tuple[str, str], Callable[..., Any]] = {}


def app_for(name: str = rulesets.DEFAULT) -> typer.Typer:
    """The Typer app of ruleset ``name`` (built once per process)."""
    if name in _apps:
        return _apps[name]
    ruleset = rulesets.get(name)
    app = typer.Typer(
        name="erc",
        help=f"{ruleset.title} combat resolver: one command per mechanic.",
        epilog=epilog(name),
        add_completion=False,  # erc.cli.completion answers, without typer (options below)
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
        no_args_is_help=True,
        context_settings={"help_option_names": ["-h", "--help"]},
    )

    @app.callback()
    def _main(
        version: bool = typer.Option(
            False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
        install_completion: bool = typer.Option(
            False,
            "--install-completion",
            callback=_completion_first,
            is_eager=True,
            help="Install completion for bash, zsh or fish: erc --install-completion [SHELL] "
            "(default: $SHELL's).",
        ),
        show_completion: bool = typer.Option(
            False,
            "--show-completion",
            callback=_completion_first,
            is_eager=True,
            help="Print the completion script: erc --show-completion [SHELL].",
        ),
    ) -> None:
        """erc: a scriptable dice and combat resolver."""

    shared = _ruleset_options(ruleset.package)
    for command in commands(ruleset):
        func = _typed(load_command(ruleset, command), shared)
        _registered[(name, command)] = func
        app.command(command)(func)
    _apps[name] = app
    return app


def command_for(name: str = rulesets.DEFAULT) -> Any:
    """The click command Typer builds for ruleset ``name``, its whole numbers read as the fast
    path reads them (``_ascii_whole_numbers``)."""
    from typer.main import get_command

    group = get_command(app_for(name))
    _ascii_whole_numbers(group)
    return group


def _ascii_whole_numbers(command: Any) -> None:
    """Every whole-number argument and option of ``command`` takes ASCII digits with an
    optional sign (``erc.core.text.whole_number``), as the fast path, seeds and ``--rolls``
    read them (click's ``int()`` also took ``1_000`` and other scripts' digits)."""
    from typer._click import types

    from erc.core.text import whole_number

    class AsciiWholeNumber(types.IntRange):
        def convert(self, value: Any, param: Any, ctx: Any) -> Any:
            if isinstance(value, str):
                number = whole_number(value, most_digits=len(value))
                if number is None:
                    self.fail(f"{value!r} is not a valid integer (digits 0-9).", param, ctx)
                value = number
            return super().convert(value, param, ctx)

    for param in getattr(command, "params", ()):
        kind = param.type
        if isinstance(kind, types.IntRange):
            param.type = AsciiWholeNumber(kind.min, kind.max, kind.min_open, kind.max_open)
        elif isinstance(kind, types.IntParamType):
            param.type = AsciiWholeNumber()
    for sub in getattr(command, "commands", {}).values():
        _ascii_whole_numbers(sub)


def _ruleset_options(package: str) -> dict[str, Any]:
    import importlib

    try:
        return vars(importlib.import_module(f"{package}.commands.options"))
    except ModuleNotFoundError:
        return {}


def fast_spec(name: str = rulesets.DEFAULT) -> dict[str, Any]:
    """What ``erc.cli.fast`` needs to parse each command of ruleset ``name`` without typer,
    read off the click commands Typer builds (``make spec`` writes it to
    ``erc/cli/spec/<name>.py``; a test keeps the two equal). A command with a parameter the
    fast parser does not handle is left out."""
    import enum

    from typer._click import types
    from typer._types import TyperChoice
    from typer.core import TyperOption
    from typer.main import get_command

    group = get_command(app_for(name))
    spec: dict[str, Any] = {}
    for command_name in commands(rulesets.get(name)):
        command = group.commands[command_name]  # type: ignore[attr-defined]
        function = _registered[(name, command_name)]
        hints = function.__annotations__
        params: list[dict[str, Any]] = []
        supported = True
        for param in command.params:
            if param.name in ("help",) or param.hidden:
                continue
            entry: dict[str, Any] = {
                "name": param.name,
                "multiple": bool(param.multiple),
                "nargs": param.nargs,
                "envvar": param.envvar,
            }
            if param.metavar:  # what shell completion offers (erc.cli.completion)
                entry["metavar"] = param.metavar
            kind = param.type
            if isinstance(kind, types.IntRange):
                entry.update(type="int", min=kind.min, max=kind.max)
            elif isinstance(kind, types.IntParamType):
                entry.update(type="int", min=None, max=None)
            elif isinstance(kind, types.StringParamType):
                entry["type"] = "str"
            elif isinstance(kind, types.BoolParamType):
                entry["type"] = "bool"
            elif isinstance(kind, TyperChoice) and kind.case_sensitive:
                entry.update(
                    type="choice",
                    choices=[
                        str(c.value) if isinstance(c, enum.Enum) else str(c) for c in kind.choices
                    ],
                )
            else:
                supported = False
            base = _base_type(hints.get(param.name))
            if isinstance(base, type) and issubclass(base, enum.Enum):
                entry["enum"] = f"{base.__module__}:{base.__qualname__}"
            if isinstance(param, TyperOption):
                entry.update(
                    kind="option",
                    opts=list(param.opts),
                    secondary=list(param.secondary_opts),
                    flag=bool(param.is_flag),
                    required=bool(param.required),
                )
                if param.is_flag and not param.is_bool_flag:
                    supported = False
                if param.nargs != 1 or param.count or param.is_eager or param.prompt:
                    supported = False
            else:
                entry.update(kind="argument", required=bool(param.required))
                if param.nargs not in (1, -1):
                    supported = False
            params.append(entry)
        if supported:
            spec[command_name] = {"params": params, "defaults": _defaults(function)}
    return spec


def _base_type(hint: Any) -> Any:
    """``Annotated[list[Pool] | None, ...]`` -> ``Pool``."""
    from typing import Annotated, Union, get_args, get_origin

    while True:
        origin = get_origin(hint)
        if origin is Annotated:
            hint = get_args(hint)[0]
        elif origin in (Union, __import__("types").UnionType):
            hint = next(a for a in get_args(hint) if a is not type(None))
        elif origin in (list, tuple):
            hint = get_args(hint)[0]
        else:
            return hint


def _defaults(function: Callable[..., Any]) -> dict[str, Any]:
    """The Python defaults the command function would receive when an option is absent."""
    import enum

    out: dict[str, Any] = {}
    for p in inspect.signature(function).parameters.values():
        if p.default is inspect.Parameter.empty:
            continue
        default = p.default
        if isinstance(default, enum.Enum):
            kind = type(default)
            default = {"enum": f"{kind.__module__}:{kind.__qualname__}", "value": default.value}
        out[p.name] = default
    return out


def spec_source(name: str) -> str:
    """The text of ``erc/cli/spec/<name>.py``."""
    import json

    lines = [
        '"""Generated by ``make spec`` from the Typer app (``erc.cli.app.fast_spec``): what the',
        f"fast path needs to parse each command of the {name} ruleset without importing typer.",
        "Do not edit.",
        "",
        "One JSON text per command, so the fast path decodes only the command it runs.",
        '"""',
        "",
        "SPEC = {",
    ]
    for command, entry in fast_spec(name).items():
        text = json.dumps(entry, separators=(",", ":"), sort_keys=True)
        lines.append(f"    {command!r}: {text!r},")
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    import pathlib
    import sys

    folder = pathlib.Path(__file__).with_name("spec")
    for ruleset_name in sys.argv[1:] or rulesets.available():
        (folder / f"{ruleset_name}.py").write_text(spec_source(ruleset_name))
