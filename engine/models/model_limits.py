"""What a model file may declare: every size's type and range, and the header limits, in one table.

config.json and GGUF metadata go through ``check_model_value`` before anything is sized by them, and
the weights a spec implies are counted before a tensor is read (engine.models.checkpoint.check_size): a file of a few
kB that claims 10⁹ layers or a 2⁴⁰-entry array is refused in microseconds, never allocated.
The ranges hold every model of the supported families up to about 0.5 B parameters with room to spare.
"""

from __future__ import annotations

import sys

from engine.setup.limits import Setting, check_value
from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem

#: Blocks of a model (the largest open Llama models have 126).
MAX_LAYERS = 1024
#: Width d of the residual stream, the FFN and the head size.
MAX_DIMS = 1 << 16
MAX_FFN_DIMS = 1 << 18
MAX_HEADS = 1024
#: Vocabulary entries (Gemma's 256 k fits) and positions a config may declare (only ≤ 512 are run).
MAX_VOCAB = 1 << 20
MAX_POSITIONS = 1 << 24
#: Float32 weights a model may take in memory (SmolLM2-135M: 0.54 GB), checked on the spec's shapes.
MAX_WEIGHT_BYTES = 2 << 30

#: GGUF header: tensors, metadata entries, bytes of one string, entries of one array, dimensions.
MAX_GGUF_TENSORS = 1 << 16
MAX_GGUF_KEYS = 1 << 16
MAX_GGUF_STRING_BYTES = 1 << 20
MAX_GGUF_ARRAY_ENTRIES = 1 << 24
MAX_GGUF_DIMS = 4
#: safetensors header bytes (a 100-layer model's is about 100 kB) and tokenizer.json bytes (Gemma's: 34 MB).
MAX_SAFETENSORS_HEADER_BYTES = 16 << 20
MAX_TOKENIZER_BYTES = 64 << 20
#: The strings of a SentencePiece vocabulary read from GGUF (Gemma 3's 262,144 tokens take 2.3 MB; finding
#: the merges it implies needs about 20 bytes per code point for a moment).
MAX_GGUF_VOCABULARY_BYTES = 8 << 20
#: Nesting of a tokenizer.json (real ones nest about 6 levels).
MAX_TOKENIZER_DEPTH = 32

#: A model spec's fields, as config.json and GGUF metadata provide them.
MODEL_SIZES: dict[str, Setting] = {
    "layers": Setting(int, 1, MAX_LAYERS),
    "dims": Setting(int, 1, MAX_DIMS),
    "heads": Setting(int, 1, MAX_HEADS),
    "kv_heads": Setting(int, 1, MAX_HEADS),
    "head_dims": Setting(int, 1, MAX_DIMS),
    "ffn_dims": Setting(int, 1, MAX_FFN_DIMS),
    "vocab_size": Setting(int, 1, MAX_VOCAB),
    "max_positions": Setting(int, 1, MAX_POSITIONS),
    # Any finite ε and θ is computed (a negative ε gives NaN, shown as such): only NaN/inf are refused.
    "eps": Setting(float, -sys.float_info.max, sys.float_info.max),
    "rope_theta": Setting(float, -sys.float_info.max, sys.float_info.max),
}


def check_model_value(path, key: str, value, field: str):
    """``value`` of metadata ``key`` in file ``path`` as spec field ``field`` wants it, or a FileProblem
    naming the file, the key and what was expected (a list, a bool, NaN, 1e999, 10⁹ layers, …)."""
    try:
        return check_value(key, value, MODEL_SIZES[field])
    except Problem as problem:
        raise FileProblem(path, "{problem}", problem=problem) from None


def declared_count(path, what: str, count: int, limit: int, room: int, least_bytes: int) -> int:
    """``count`` entries of ``what`` in a GGUF header that each take at least ``least_bytes`` of the
    ``room`` bytes left, or a FileProblem: more than ``limit``, or more than the file can hold."""
    if count > limit:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "declares {count} {what}; at most {limit} are read"),
                          count=f"{count:,}", what=what, limit=f"{limit:,}")
    if count * least_bytes > room:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "is not a complete GGUF file (truncated or of another kind: {reason})"),
            reason=f"it declares {count:,} {what} but only {room:,} bytes follow")
    return count
