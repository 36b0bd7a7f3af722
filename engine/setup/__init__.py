"""What a user sets: the Scenario, its presets and the declared limits of every value. Above engine.core."""
