"""Guided lessons: lesson files (data, never code), the state of each step and the answers the engine computes."""
