"""erc: a scriptable dice and combat resolver for the Enchanted Realms tabletop RPG."""

__version__ = "0.1.0"
