"""Dice expressions as GMs write them (``erc roll``): avrae/d20's grammar and meaning.

Each stage is its own module, as in d20: ``parse`` (text -> tree, the ``tree`` nodes),
``roll`` (tree -> rolled result, dice drawn from a ``erc.core.dice.Dice``), ``text`` (a
rolled result -> a line such as ``4d6kh3 (6, 5, ~~1~~, 4) = 15``) and ``odds`` (tree ->
its exact distribution, imported only by ``--odds``). The one deliberate difference from
d20: ``d%`` is a d100 (1-100).
"""
