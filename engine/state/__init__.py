"""The lab's saved state: the session file, which holds the scenario, the scenario pinned as A and the
training runs, so it sits above engine.files and engine.training (both of which it reads)."""
