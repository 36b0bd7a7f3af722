"""The lab's maths: the norms, activations, weights, one block and the depth and gradient simulations of a stack.
Imports only engine's base (problem, progress)."""
