"""The Typer applications: one per ruleset, each with that ruleset's commands and the shared
ones (``erc.cli.registry``).

Each command declares its line once (``erc.core.mechanic``); ``_typed`` turns that declaration
into the signature Typer reads, so help, usage errors and completion are Typer's, while the
fast path (``erc.cli.fast``) parses an ordinary line from the same declaration without
importing typer.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import typer

from erc import __version__, rulesets
from erc.cli.boundary import params
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


def _typed(func: Callable[..., Any]) -> Callable[..., Any]:
    """A function Typer reads for ``func``: its declared line (``erc.cli.boundary.params``)
    as a signature of ``typer.Option`` and ``typer.Argument`` defaults, each annotated with
    its declared type. ``func`` itself is left as the fast path reads it."""
    import typing

    original = getattr(func, "erc_wrapped", func)
    namespace = {**vars(typing), **original.__globals__}
    parameters = []
    for param in params(func):
        declared = param.declared
        default = ... if param.required else param.default
        if param.kind == "option":
            shown = declared.typer
            if param.type == "int" and "metavar" not in shown:  # not click's "<int range>"
                shown = {**shown, "metavar": "N"}
            info = typer.Option(default, *declared.flags, **shown)
        else:
            info = typer.Argument(default, **declared.typer)
        parameters.append(
            inspect.Parameter(
                param.name,
                inspect.Parameter.KEYWORD_ONLY,
                default=info,
                annotation=eval(param.annotation, namespace),  # the declared type's text
            )
        )

    def command(**kwargs: Any) -> Any:
        return func(**kwargs)

    command.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    command.__annotations__ = {p.name: p.annotation for p in parameters}
    command.__name__ = func.__name__
    command.__doc__ = func.__doc__
    command.__module__ = original.__module__
    return command


def epilog(ruleset: str) -> str:
    others = ", ".join(n for n in rulesets.available() if n != ruleset)
    return (
        f"Commands of the {ruleset} ruleset and the shared ones. An encounter file's "
        f"`ruleset:` picks the commands ({others} too); `erc --help -e FILE` shows that "
        "file's."
    )


_apps: dict[str, typer.Typer] = {}


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

    for command in commands(ruleset):
        app.command(command)(_typed(load_command(ruleset, command)))
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
