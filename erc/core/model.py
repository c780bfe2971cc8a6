"""Model pieces every ruleset shares."""

from __future__ import annotations

from erc.core.value import Value


class Condition(Value):
    """One condition on a combatant: ``by`` who caused it (ER R10.2: charmed, grappled);
    ``until_round`` the round whose start ends it (``--rounds``, R13.4); ``actions`` how many
    of its next actions it lasts (incapacitated by shock, R6.5)."""

    name: str
    by: str | None = None
    until_round: int | None = None
    actions: int | None = None
