"""The Typer application: every command of ``erc.cli.registry``, registered here.

Command modules keep their annotations as strings and do not import typer (the fast path
runs them without it); ``_typed`` evaluates those annotations here, with the shared options
of ``erc.cli.options`` in scope, before Typer reads them.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, get_type_hints

import typer

from erc import __version__
from erc.cli import options
from erc.cli.registry import COMMANDS, load_command

app = typer.Typer(
    name="erc",
    help="Enchanted Realms combat resolver: one command per mechanic.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"erc {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(
        False, "--version", callback=_version, is_eager=True, help="Show the version and exit."
    ),
) -> None:
    """Enchanted Realms combat resolver."""


def _typed(func: Callable[..., Any]) -> Callable[..., Any]:
    """``func`` with its string annotations evaluated for Typer."""
    original = inspect.unwrap(func)
    namespace = {**original.__globals__, **vars(options), "typer": typer}
    hints = get_type_hints(func, globalns=namespace, include_extras=True)
    signature = inspect.signature(func)
    params = [
        p.replace(annotation=hints.get(p.name, p.annotation)) for p in signature.parameters.values()
    ]
    func.__signature__ = signature.replace(  # type: ignore[attr-defined]
        parameters=params, return_annotation=hints.get("return", signature.return_annotation)
    )
    func.__annotations__ = hints
    return func


for _name in COMMANDS:
    app.command(_name)(_typed(load_command(_name)))
