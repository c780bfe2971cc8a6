"""The commands every ruleset shares: ``roll``, ``check``, ``schema``, ``status``, ``log``,
``undo``, ``batch``."""
