"""erc: a scriptable dice and combat resolver for the Enchanted Realms tabletop RPG."""

__version__ = "0.2.0"
