"""Reading and writing files: hostile-proof JSON and bounded reads, matrices in CSV/NPY/NPZ/safetensors, result
tables, and file sets written whole or not at all. Above engine.results (the tables are of a Result)."""
