"""Exact odds of Elysium's opposed rolls, enumerated through the rules' own resolvers."""
