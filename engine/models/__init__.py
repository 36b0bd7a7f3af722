"""Real trained models in NumPy: loading (Hugging Face folders, GGUF), tokenizers, forward passes that keep
every norm's input and output, what-if edits, and the analyses the Model views draw."""
