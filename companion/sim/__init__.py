"""Bot players and simulated games."""
