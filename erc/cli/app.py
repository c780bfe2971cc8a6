"""The Typer application: one small module per command, registered here."""

from __future__ import annotations

import typer

from erc import __version__
from erc.cli.check import check
from erc.cli.roll import roll
from erc.cli.schema import schema

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


app.command("roll")(roll)
app.command("check")(check)
app.command("schema")(schema)
