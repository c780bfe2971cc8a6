"""Exact probabilities of the Enchanted Realms mechanics (``--odds``), as ``Fraction``s.

Imported only on the ``--odds`` path. Exact code of our own: per-die hit chances convolved
over ``Fraction``s, through the resolvers' own rule functions, and checked in the tests
against brute-force enumeration of the resolvers and against many seeded resolutions. The
shared pieces (``kept_die``, ``p_succeeds``, ``as_odds``) are ``erc.core.odds``.
"""
