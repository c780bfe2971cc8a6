"""The Typer application: one small module per command, registered here."""

from __future__ import annotations

import typer

from erc import __version__
from erc.cli.attack import attack
from erc.cli.batch import batch
from erc.cli.check import check
from erc.cli.common import journaled
from erc.cli.competition import competition
from erc.cli.disarm import disarm, free
from erc.cli.drop import drop
from erc.cli.movement import movement
from erc.cli.perceive import perceive
from erc.cli.roll import roll
from erc.cli.roll_init import roll_init
from erc.cli.schema import schema
from erc.cli.sneak import sneak
from erc.cli.status import log, status, undo

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
app.command("roll-init")(journaled(apply=True)(roll_init))
app.command("perceive")(journaled(apply=False)(perceive))
app.command("status")(journaled(apply=False)(status))
app.command("log")(journaled(apply=False)(log))
app.command("undo")(journaled(apply=False)(undo))
app.command("batch")(batch)
app.command("movement")(journaled(apply=False)(movement))
app.command("competition")(journaled(apply=True)(competition))
app.command("disarm")(journaled(apply=True)(disarm))
app.command("free")(journaled(apply=False)(free))
app.command("attack")(journaled(apply=True)(attack))
app.command("sneak")(journaled(apply=True)(sneak))
app.command("drop")(journaled(apply=True)(drop))
