"""Human output of the Spellchrome commands (rich tables via ``erc.core.human``)."""
