"""The training lab: a small character-level Transformer LM in NumPy with a hand-written backward pass."""
