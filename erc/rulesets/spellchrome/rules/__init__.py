"""The Spellchrome rules: pure functions from typed inputs to frozen results.

Standard library and ``erc.core`` only. One module per mechanic; ``erc.rulesets.spellchrome.model``
holds the types they share, ``erc.rulesets.spellchrome.conditions`` what every condition does.
"""
