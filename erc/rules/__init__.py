"""The Enchanted Realms rules: pure functions from typed inputs to frozen results.

Standard library only. One module per mechanic; ``model`` holds the types they share.
A second ruleset (RULES.md section S) sits beside this package as its own package with
the same shape, chosen by the encounter's ``ruleset``; the CLI does not change.
"""
