"""Exact probabilities of the Spellchrome mechanics (``--odds``), as ``Fraction``s.

Imported only on the ``--odds`` path. Every outcome is enumerated through the rules' own
functions (``erc.rulesets.spellchrome.rules``), so the odds cannot drift from the resolvers;
the tests check them against many seeded resolutions.
"""
