"""Elysium's commands: each a function returning a ``Mechanic``."""
