"""erc: a scriptable dice and combat resolver for tabletop RPGs (Enchanted Realms, Spellchrome
and Elysium)."""

import _signal  # type: ignore[import-not-found]  # the interpreter's own (no stub)
import sys

# erc's first instruction (before any import that could be interrupted: this module has no
# ``from __future__`` import, which imports a module): in the erc command, Ctrl-C ends the
# process at once by SIGINT, the system's default, with no traceback and nothing written,
# even inside an extension's initialisation, until ``erc.cli.main`` takes over
# (``erc.cli.interrupts``). An interrupt the parent ignores stays ignored; a program that
# imports erc keeps Python's own handler.
if _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler and (
    (getattr(sys, "argv", None) or [""])[0] == "-m"
    or str((getattr(sys, "argv", None) or [""])[0]).rpartition("/")[2] == "erc"
):
    _signal.signal(_signal.SIGINT, _signal.SIG_DFL)

__version__ = "0.2.0"
