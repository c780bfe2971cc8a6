"""The Enchanted Realms rules: pure functions from typed inputs to frozen results.

Standard library only. One module per mechanic; ``erc.rulesets.er.model`` holds the types
they share, ``erc.rulesets.er.conditions`` what every condition does (R10).
"""
