"""Elysium's rules: one pure module per mechanic (typed inputs, frozen results, no I/O)."""
