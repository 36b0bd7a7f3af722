"""What a Scenario computes to: the frozen Result, the A/B comparison, the hand calculation and the BatchNorm
lessons' numbers. Above engine.setup."""
