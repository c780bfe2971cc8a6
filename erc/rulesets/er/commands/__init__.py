"""The Enchanted Realms commands: each checks its inputs against the loaded encounter and
returns a ``Mechanic`` (``erc.core.mechanic``); the CLI resolves, records and renders it."""
