"""Human output of Elysium's commands."""
