"""Human output (rich tables) of the results the core shapes alike for every ruleset: a check
against a number, a character sheet, a join, ``erc status``. Reached through the
``renderer()`` of the module that shapes each (``erc.core.checks``, ``erc.core.sheet``,
``erc.core.join``, ``erc.core.status``), and imported only for a human table."""
