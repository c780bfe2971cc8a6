"""Human output of the Enchanted Realms commands (rich tables), one module per command."""
