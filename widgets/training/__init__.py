"""The Training tab: train small Transformers on a worker thread and watch their curves."""
