"""Human output of the shared commands."""
