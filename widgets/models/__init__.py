"""The Model tab: a real model's residual stream, norms and what-if edits (engine.models)."""
