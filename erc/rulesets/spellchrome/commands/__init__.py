"""The Spellchrome commands: each a function from the loaded encounter and its own options
to a ``Mechanic`` (``erc.core.mechanic``)."""
