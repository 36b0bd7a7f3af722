"""Hostile model folders and GGUF files, made in a temporary folder from tests/reference/tiny_llama.

Each builder returns the path to load; ``CONFIG_CASES`` and friends are (name, change) pairs, and
``refused`` / ``computed`` say which outcome each must have. ``gguf_bytes`` writes a GGUF file from
parts with struct (not the gguf package), so any count, length, type or value can be a lie.
"""

from __future__ import annotations

import json
import math
import os
import random
import shutil
import struct
from pathlib import Path

import numpy as np

from tests.model_fixtures import REFERENCE

TINY = REFERENCE / "tiny_llama"

#: A raw JSON literal for a config value (json.dumps can't write 1e999 or NaN as such).
RAW = "@@raw@@"

# --- config.json: (name, key, value); a value of ("raw", text) is written as that literal --------

CONFIG_REFUSED = [
    ("model-type-list", "model_type", ["llama"]), ("model-type-object", "model_type", {}),
    ("model-type-bool", "model_type", True), ("hidden-act-list", "hidden_act", ["silu"]),
    ("hidden-act-object", "hidden_act", {}), ("hidden-size-1e999", "hidden_size", ("raw", "1e999")),
    ("hidden-size-nan", "hidden_size", ("raw", "NaN")), ("hidden-size-0", "hidden_size", 0),
    ("hidden-size-negative", "hidden_size", -32), ("hidden-size-huge", "hidden_size", 10**9),
    ("hidden-size-text", "hidden_size", "32"), ("hidden-size-bool", "hidden_size", True),
    ("hidden-size-fraction", "hidden_size", 32.5), ("hidden-size-list", "hidden_size", [32]),
    ("layers-1e999", "num_hidden_layers", ("raw", "1e999")), ("layers-0", "num_hidden_layers", 0),
    ("layers-1e9", "num_hidden_layers", 10**9), ("layers-negative", "num_hidden_layers", -1),
    ("layers-object", "num_hidden_layers", {}), ("layers-300-digits", "num_hidden_layers", 10**299),
    ("heads-0", "num_attention_heads", 0), ("heads-3", "num_attention_heads", 3),
    ("heads-inf", "num_attention_heads", ("raw", "-1e999")), ("kv-heads-0", "num_key_value_heads", 0),
    ("kv-heads-3", "num_key_value_heads", 3), ("kv-heads-list", "num_key_value_heads", [2]),
    ("positions-negative", "max_position_embeddings", -1), ("positions-0", "max_position_embeddings", 0),
    ("positions-1e999", "max_position_embeddings", ("raw", "1e999")),
    ("positions-1e30", "max_position_embeddings", 10**30), ("eps-nan", "rms_norm_eps", ("raw", "NaN")),
    ("eps-1e999", "rms_norm_eps", ("raw", "1e999")), ("eps-text", "rms_norm_eps", "1e-6"),
    ("rope-list", "rope_parameters", [1]), ("rope-theta-text", "rope_parameters", {"rope_theta": "x"}),
    ("rope-theta-1e999", "rope_parameters", {"rope_theta": ("raw", "1e999")}),
    ("rope-type-list", "rope_parameters", {"rope_type": ["x"]}),
    ("vocab-0", "vocab_size", 0), ("vocab-1e9", "vocab_size", 10**9), ("vocab-2-62", "vocab_size", 2**62),
    ("vocab-300", "vocab_size", 300), ("ffn-0", "intermediate_size", 0), ("ffn-65", "intermediate_size", 65),
    ("ffn-1e12", "intermediate_size", 10**12), ("head-dim-7", "head_dim", 7), ("head-dim-list", "head_dim", []),
    ("width-and-ffn-too-big", "hidden_size", 8192),
]
#: Changes the model still runs with: non-finite activations are computed and shown, not refused.
CONFIG_COMPUTED = [
    ("eps-minus-1e30", "rms_norm_eps", -1e30), ("rope-theta-0", "rope_parameters", {"rope_theta": 0}),
    ("rope-theta-negative", "rope_parameters", {"rope_theta": -1e4}),
    ("name-list", "_name_or_path", [1, 2]), ("attention-bias-text", "attention_bias", "yes"),
]


def copy_tiny(folder: Path) -> Path:
    shutil.copytree(TINY, folder)
    return folder


def _literal(value) -> str:
    if isinstance(value, tuple) and value[0] == "raw":
        return value[1]
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(k)}: {_literal(v)}" for k, v in value.items()) + "}"
    return json.dumps(value)


def with_config(folder: Path, key: str, value) -> Path:
    """A copy of the tiny model whose config.json has ``key`` set to ``value`` (raw literals kept)."""
    copy_tiny(folder)
    config = json.loads((TINY / "config.json").read_text())
    config[key] = RAW
    (folder / "config.json").write_text(json.dumps(config).replace(json.dumps(RAW), _literal(value)))
    return folder


# --- model.safetensors ------------------------------------------------------------------------------

def tiny_tensors() -> dict[str, np.ndarray]:
    from safetensors.numpy import load_file

    return load_file(str(TINY / "model.safetensors"))


def safetensors_file(path: Path, tensors: dict[str, np.ndarray], dtypes: dict[str, str] | None = None) -> Path:
    """``tensors`` written as safetensors by hand; ``dtypes`` relabels some (e.g. F8_E4M3, I32, BOOL)
    with their bytes cut or padded to fit the label's size."""
    sizes = {"F8_E4M3": 1, "F8_E5M2": 1, "I32": 4, "I64": 8, "BOOL": 1, "U8": 1, "F16": 2, "BF16": 2}
    header, body = {}, bytearray()
    for name, array in tensors.items():
        dtype = (dtypes or {}).get(name, "F32")
        raw = array.astype(np.float32).tobytes() if dtype == "F32" else bytes(array.size * sizes[dtype])
        header[name] = {"dtype": dtype, "shape": list(array.shape), "data_offsets": [len(body), len(body) + len(raw)]}
        body += raw
    text = json.dumps(header).encode()
    path.write_bytes(struct.pack("<Q", len(text)) + text + bytes(body))
    return path


def with_tensors(folder: Path, change) -> Path:
    """A copy of the tiny model whose tensors are ``change(tensors)`` (a dict, or (dict, dtypes))."""
    copy_tiny(folder)
    changed = change(tiny_tensors())
    tensors, dtypes = changed if isinstance(changed, tuple) else (changed, None)
    safetensors_file(folder / "model.safetensors", tensors, dtypes)
    return folder


def _filled(value: float):
    return lambda t: {k: np.full_like(v, value) for k, v in t.items()}


def _reshaped(name: str, shape):
    return lambda t: {**t, name: np.zeros(shape, np.float32)}


def _dtyped(dtype: str, names=None):
    return lambda t: (t, {k: dtype for k in (names or t)})


TENSORS_REFUSED = [
    ("all-f8", _dtyped("F8_E4M3")), ("q-int32", _dtyped("I32", ["model.layers.0.self_attn.q_proj.weight"])),
    ("norm-bool", _dtyped("BOOL", ["model.norm.weight"])),
    ("q-wrong-shape", _reshaped("model.layers.0.self_attn.q_proj.weight", (32, 31))),
    ("embedding-too-short", _reshaped("model.embed_tokens.weight", (100, 32))),
    ("missing-norm", lambda t: {k: v for k, v in t.items() if k != "model.norm.weight"}),
    ("norm-3d", _reshaped("model.norm.weight", (32, 1, 1))),
]
TENSORS_COMPUTED = [
    ("all-nan", _filled(np.nan)), ("all-inf", _filled(np.inf)), ("all-zero", _filled(0.0)),
    ("unused-int-buffer", lambda t: ({**t, "position_ids": np.zeros(4)}, {"position_ids": "I64"})),
    ("unused-f16", lambda t: ({**t, "extra": np.zeros(1000)}, {"extra": "F16"})),
]


# --- tokenizer.json ------------------------------------------------------------------------------

def tiny_tokenizer() -> dict:
    return json.loads((TINY / "tokenizer.json").read_text())


def with_tokenizer(folder: Path, text: str | bytes) -> Path:
    copy_tiny(folder)
    (folder / "tokenizer.json").write_bytes(text.encode() if isinstance(text, str) else text)
    return folder


def _tokenizer_with(**changes) -> str:
    return json.dumps({**tiny_tokenizer(), **changes})


def _shifted_vocab(by: int) -> str:
    t = tiny_tokenizer()
    t["model"]["vocab"] = {k: v + by for k, v in t["model"]["vocab"].items()}
    return json.dumps(t)


TOKENIZER_REFUSED_AT_LOAD = [
    ("not-json", "{garbage"), ("empty-object", "{}"), ("deep", "[" * 100_000 + "]" * 100_000),
    ("deep-inside", _tokenizer_with(normalizer=json.loads("[" * 40 + "]" * 40))),
    ("binary", b"\xff\xfe\x00\x01" * 100), ("model-list", _tokenizer_with(model=[1, 2])),
    ("unigram-empty", _tokenizer_with(model={"type": "Unigram", "unk_id": None, "vocab": []})),
]
#: Tokenizers that load but can't encode "hello" (or give ids the model has no rows for).
TOKENIZER_REFUSED_AT_ENCODE = [
    ("wordpiece-without-unk", _tokenizer_with(
        pre_tokenizer={"type": "Whitespace"}, decoder=None,
        model={"type": "WordPiece", "unk_token": "[UNK]", "continuing_subword_prefix": "##",
               "max_input_chars_per_word": 100, "vocab": {"a": 0}})),
    ("ids-past-embedding", _shifted_vocab(10**6)),
    ("special-id-2-32", _tokenizer_with(added_tokens=[{"id": 2**32 - 1, "content": "hello", "single_word": False,
                                                        "lstrip": False, "rstrip": False, "normalized": False,
                                                        "special": True}])),
]
#: A catastrophic Split regex: the Rust regex engine panics (a PanicException, a BaseException).
CATASTROPHIC_SPLIT = _tokenizer_with(pre_tokenizer={"type": "Split", "pattern": {"Regex": "(a+)+$"},
                                                    "behavior": "Isolated", "invert": False})
CATASTROPHIC_TEXT = "a" * 40 + "!"


# --- files of the wrong kind --------------------------------------------------------------------------

def wrong_kinds(folder: Path) -> list[tuple[str, Path]]:
    """(name, path to load) for FIFOs, devices, folders and symlink loops where a model file belongs."""
    cases = []
    for member in ("config.json", "model.safetensors", "tokenizer.json"):
        for kind in ("fifo", "zero", "folder", "loop"):
            model = copy_tiny(folder / f"{kind}-{member}")
            (model / member).unlink()
            _make(kind, model / member)
            cases.append((f"{kind} {member}", model))
    for kind in ("fifo", "zero", "folder", "loop"):
        _make(kind, folder / f"{kind}.gguf")
        cases.append((f"{kind} .gguf", folder / f"{kind}.gguf"))
    return cases


def _make(kind: str, path: Path) -> None:
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "zero":
        os.symlink("/dev/zero", path)
    elif kind == "folder":
        path.mkdir()
    else:
        os.symlink(path.name, path)  # points at itself: ELOOP


# --- GGUF files from parts ---------------------------------------------------------------------------

U8, I32, U32, F32, BOOL_, STRING, ARRAY, U64 = 0, 5, 4, 6, 7, 8, 9, 10
_FMT = {0: "<B", 1: "<b", 2: "<H", 3: "<h", 4: "<I", 5: "<i", 6: "<f", 7: "<B", 10: "<Q", 11: "<q", 12: "<d"}


def _string(text: str | bytes) -> bytes:
    raw = text.encode() if isinstance(text, str) else text
    return struct.pack("<Q", len(raw)) + raw


def _value(kind: int, value) -> bytes:
    if kind == STRING:
        return _string(value)
    if kind == ARRAY:
        element, items = value
        if isinstance(items, int):  # a declared count with nothing behind it
            return struct.pack("<IQ", element, items)
        return struct.pack("<IQ", element, len(items)) + b"".join(_value(element, v) for v in items)
    return struct.pack(_FMT[kind], value) if kind in _FMT else struct.pack("<Q", value)


def gguf_bytes(fields: list, tensors: list, magic: bytes = b"GGUF", version: int = 3,
               counts: tuple[int, int] | None = None, alignment: int = 32) -> bytes:
    """A GGUF file: ``fields`` (key, type, value), ``tensors`` (name, NumPy shape, GGML type, bytes);
    ``counts`` overrides the declared tensor and key counts."""
    tensor_count, key_count = counts or (len(tensors), len(fields))
    out = bytearray(magic + struct.pack("<IQQ", version, tensor_count, key_count))
    for key, kind, value in fields:
        out += _string(key) + struct.pack("<I", kind) + _value(kind, value)
    offset, blobs = 0, []
    for name, shape, kind, blob in tensors:
        out += _string(name) + struct.pack("<I", len(shape)) + struct.pack(f"<{len(shape)}Q", *reversed(shape))
        out += struct.pack("<IQ", kind, offset)
        padded = blob + bytes(-len(blob) % alignment)
        blobs.append(padded)
        offset += len(padded)
    out += bytes(-len(out) % alignment)
    return bytes(out) + b"".join(blobs)


def _permute(w: np.ndarray, heads: int) -> np.ndarray:
    return w.reshape(heads, 2, w.shape[0] // heads // 2, w.shape[1]).swapaxes(1, 2).reshape(w.shape)


def tiny_gguf_parts() -> tuple[list, list]:
    """The tiny Llama as GGUF fields and F32 tensors (q/k rows permuted as llama.cpp stores them)."""
    config = json.loads((TINY / "config.json").read_text())
    vocab = tiny_tokenizer()["model"]
    tokens = sorted(vocab["vocab"], key=vocab["vocab"].get)
    merges = [" ".join(m) if isinstance(m, list) else m for m in vocab["merges"]]
    fields = [("general.architecture", STRING, "llama"), ("llama.block_count", U32, config["num_hidden_layers"]),
              ("llama.embedding_length", U32, config["hidden_size"]),
              ("llama.feed_forward_length", U32, config["intermediate_size"]),
              ("llama.attention.head_count", U32, config["num_attention_heads"]),
              ("llama.attention.head_count_kv", U32, config["num_key_value_heads"]),
              ("llama.context_length", U32, config["max_position_embeddings"]),
              ("llama.attention.layer_norm_rms_epsilon", F32, config["rms_norm_eps"]),
              ("llama.rope.freq_base", F32, config["rope_parameters"]["rope_theta"]),
              ("tokenizer.ggml.model", STRING, "gpt2"), ("tokenizer.ggml.tokens", ARRAY, (STRING, tokens)),
              ("tokenizer.ggml.token_type", ARRAY, (I32, [1] * len(tokens))),
              ("tokenizer.ggml.merges", ARRAY, (STRING, merges))]
    t = tiny_tensors()
    names = {"self_attn.q_proj": "attn_q", "self_attn.k_proj": "attn_k", "self_attn.v_proj": "attn_v",
             "self_attn.o_proj": "attn_output", "mlp.gate_proj": "ffn_gate", "mlp.up_proj": "ffn_up",
             "mlp.down_proj": "ffn_down", "input_layernorm": "attn_norm", "post_attention_layernorm": "ffn_norm"}
    tensors = [("token_embd.weight", t["model.embed_tokens.weight"])]
    for i in range(config["num_hidden_layers"]):
        for theirs, ours in names.items():
            w = t[f"model.layers.{i}.{theirs}.weight"]
            if ours in ("attn_q", "attn_k"):
                w = _permute(w, config["num_attention_heads"] if ours == "attn_q" else config["num_key_value_heads"])
            tensors.append((f"blk.{i}.{ours}.weight", w))
    tensors += [("output_norm.weight", t["model.norm.weight"]), ("output.weight", t["lm_head.weight"])]
    return fields, [(name, w.shape, 0, np.ascontiguousarray(w, np.float32).tobytes()) for name, w in tensors]


def _set_field(fields: list, key: str, kind: int, value) -> list:
    kept = [f for f in fields if f[0] != key]
    return kept if kind is None else kept + [(key, kind, value)]


def _gguf_with(key: str, kind: int | None, value):
    def make():
        fields, tensors = tiny_gguf_parts()
        return gguf_bytes(_set_field(fields, key, kind, value), tensors)
    return make


def _gguf_tensor(index: int, shape=None, kind=None, blob=None):
    def make():
        fields, tensors = tiny_gguf_parts()
        name, old_shape, old_kind, old_blob = tensors[index]
        tensors[index] = (name, old_shape if shape is None else shape, old_kind if kind is None else kind,
                          old_blob if blob is None else blob)
        return gguf_bytes(fields, tensors)
    return make


def _gguf_raw(**options):
    def make():
        fields, tensors = tiny_gguf_parts()
        return gguf_bytes(fields, tensors, **options)
    return make


GGUF_REFUSED = [
    ("bad-magic", _gguf_raw(magic=b"GGML")), ("version-1", _gguf_raw(version=1)), ("version-99", _gguf_raw(version=99)),
    ("tensor-count-2-62", _gguf_raw(counts=(2**62, 13))), ("key-count-2-62", _gguf_raw(counts=(29, 2**62))),
    ("key-count-short", _gguf_raw(counts=(29, 12))),
    ("u8-array-2-40", lambda: gguf_bytes([("general.architecture", STRING, "llama"), ("x", ARRAY, (U8, 2**40))], [])),
    ("string-2-60", lambda: b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + struct.pack("<Q", 2**60) + b"x" * 100),
    ("block-count-nan", _gguf_with("llama.block_count", F32, math.nan)),
    ("block-count-2-62", _gguf_with("llama.block_count", U64, 2**62)),
    ("block-count-0", _gguf_with("llama.block_count", U32, 0)),
    ("embedding-inf", _gguf_with("llama.embedding_length", F32, math.inf)),
    ("embedding-missing", _gguf_with("llama.embedding_length", None, None)),
    ("heads-text", _gguf_with("llama.attention.head_count", STRING, "4")),
    ("eps-nan", _gguf_with("llama.attention.layer_norm_rms_epsilon", F32, math.nan)),
    ("context-bool", _gguf_with("llama.context_length", BOOL_, 1)),
    ("architecture-u32", _gguf_with("general.architecture", U32, 7)),
    ("architecture-array", _gguf_with("general.architecture", ARRAY, (STRING, ["llama"]))),
    ("merges-integers", _gguf_with("tokenizer.ggml.merges", ARRAY, (I32, [1, 2, 3]))),
    ("tokens-u8", _gguf_with("tokenizer.ggml.tokens", ARRAY, (U8, [1, 2, 3]))),
    ("tokens-string", _gguf_with("tokenizer.ggml.tokens", STRING, "abc")),
    ("tokens-not-utf8", _gguf_with("tokenizer.ggml.tokens", ARRAY, (STRING, [b"\xff\xfe"] * 258))),
    ("array-of-arrays", _gguf_with("x.nested", ARRAY, (ARRAY, 3))),
    ("unknown-value-type", _gguf_with("x.odd", 99, 0)),
    ("alignment-3", _gguf_with("general.alignment", U32, 3)),
    ("alignment-0", _gguf_with("general.alignment", U32, 0)),
    ("tensor-5-dims", _gguf_tensor(1, shape=(1, 1, 1, 1, 32))),
    ("tensor-2-40-dims", _gguf_tensor(0, shape=(2**40, 2**40))),
    ("tensor-shape-disagrees", _gguf_tensor(4, shape=(16, 32), blob=bytes(16 * 32 * 4))),
    ("tensor-type-999", _gguf_tensor(2, kind=999)),
    ("tensor-type-i32", _gguf_tensor(2, kind=26)),
    ("tensor-q8-partial-block", _gguf_tensor(1, shape=(17,), kind=8)),
    ("vocabulary-llama", _gguf_with("tokenizer.ggml.model", STRING, "llama")),
]
GGUF_COMPUTED = [
    ("eps-minus-1e30", _gguf_with("llama.attention.layer_norm_rms_epsilon", F32, -1e30)),
    ("rope-theta-0", _gguf_with("llama.rope.freq_base", F32, 0.0)),
    ("nan-embedding", _gguf_tensor(0, blob=np.full((258, 32), np.nan, np.float32).tobytes())),
    ("no-token-types", _gguf_with("tokenizer.ggml.token_type", None, None)),
]


def write_gguf(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


# --- seeded mutations for the fuzz tests --------------------------------------------------------------

#: The config keys the fuzz changes, and values of every JSON type and size.
FUZZ_KEYS = ("model_type", "hidden_size", "num_hidden_layers", "num_attention_heads", "num_key_value_heads",
             "intermediate_size", "max_position_embeddings", "vocab_size", "rms_norm_eps", "rope_parameters",
             "hidden_act", "head_dim", "attention_bias", "_name_or_path")


def fuzz_value(rng: random.Random):
    """A JSON value of any type: sizes near the real ones, huge, zero, negative, NaN/inf literals, wrong types."""
    choice = rng.randrange(12)
    if choice == 0:
        return rng.choice([0, 1, 2, 3, 4, 8, 16, 31, 32, 33, 64, 65, 258, 512])
    if choice == 1:
        return rng.choice([-1, -2**31, 2**31, 2**62, 10**9, 10**18, 10**299])
    if choice == 2:
        return ("raw", rng.choice(["1e999", "-1e999", "NaN", "Infinity", "-0.0", "1e-400"]))
    if choice == 3:
        return rng.choice([0.5, 32.0, 1e-6, -1e30, 1e30, 3.5])
    if choice == 4:
        return rng.choice([True, False, None])
    if choice == 5:
        return rng.choice(["", "llama", "bert", "gpt2", "silu", "gelu", "32", "x" * 1000])
    if choice == 6:
        return [rng.randrange(100) for _ in range(rng.randrange(4))]
    if choice == 7:
        return {"rope_theta": fuzz_value(rng)} if rng.random() < 0.7 else {"rope_type": fuzz_value(rng)}
    return rng.randrange(1, 70)


def fuzz_config(rng: random.Random) -> list[tuple[str, object]]:
    """One to three changed config keys."""
    return [(rng.choice(FUZZ_KEYS), fuzz_value(rng)) for _ in range(rng.randrange(1, 4))]


def write_fuzzed_config(folder: Path, changes) -> Path:
    copy_tiny(folder)
    config = json.loads((TINY / "config.json").read_text())
    literals = {}
    for i, (key, value) in enumerate(changes):
        config[key] = f"{RAW}{i}"
        literals[json.dumps(f"{RAW}{i}")] = _literal(value)
    text = json.dumps(config)
    for marker, literal in literals.items():
        text = text.replace(marker, literal)
    (folder / "config.json").write_text(text)
    return folder


def fuzz_gguf(rng: random.Random, valid: bytes) -> bytes:
    """``valid`` with a few header bytes overwritten (counts, lengths, types, values) or cut short."""
    data = bytearray(valid)
    header_end = valid.index(b"token_embd.weight") + 200
    for _ in range(rng.randrange(1, 4)):
        kind = rng.randrange(4)
        at = rng.randrange(4, min(header_end, len(data)))
        if kind == 0:
            data[at] = rng.randrange(256)
        elif kind == 1:
            data[at:at + 8] = struct.pack("<Q", rng.choice([0, 1, 2**31, 2**40, 2**63, rng.randrange(2**64)]))
        elif kind == 2:
            data[at:at + 4] = struct.pack("<I", rng.choice([0, 8, 9, 12, 13, 99, 2**31]))
        else:
            del data[rng.randrange(len(data)):]
    return bytes(data[:len(valid)])


def fuzz_safetensors(rng: random.Random, header: dict) -> dict:
    """The tiny model's safetensors header with one entry's dtype, shape or offsets changed."""
    header = json.loads(json.dumps(header))
    name = rng.choice([k for k in header if k != "__metadata__"])
    entry = header[name]
    kind = rng.randrange(3)
    if kind == 0:
        entry["dtype"] = rng.choice(["F8_E4M3", "F8_E5M2", "I8", "I32", "I64", "BOOL", "U8", "F16", "BF16", "F64",
                                     "x", 3, None])
    elif kind == 1:
        entry["shape"] = rng.choice([[], [0], [1], [2**40], [-1], [1.5], ["4"], entry["shape"][::-1],
                                     entry["shape"] + [1], [2**31, 2**31]])
    else:
        start, stop = entry["data_offsets"]
        entry["data_offsets"] = rng.choice([[stop, start], [start, stop + 4], [start - 4, stop - 4], [0, 2**60],
                                            [start], [-1, stop], [start, None]])
    return header


# --- running a case: refused with a Problem, or computed right -----------------------------------------

def attempt(source, text: str = "hello world") -> str:
    """``"refused: …"`` (a Problem), ``"computed"`` (a run whose every array has the spec's shape and whose
    tables are made), or ``"CRASH …"`` for anything else, with the time it took."""
    import time
    import traceback

    from engine.models.forward import run_model
    from engine.models.loading import load_model
    from engine.models.model_tables import depth_table, norms_table, tokens_table
    from engine.models.non_finite import non_finite_notes
    from engine.problem import Problem

    started = time.perf_counter()
    try:
        model = load_model(source)
        tokens = model.tokenizer.encode(text)
        trace = run_model(model, tokens.ids)
        spec = model.spec
        assert trace.states.shape == (spec.layers + 1, len(tokens.ids), spec.dims), trace.states.shape
        assert len(trace.norms) == 2 * spec.layers + (1 if spec.family in ("bert", "llama", "gpt2") else 0)
        tokens_table(tokens), depth_table(trace), norms_table(trace)
        finite = bool(np.isfinite(trace.states).all())
        assert finite == (not non_finite_notes(trace))
        outcome = "computed"
    except Problem as problem:
        outcome = "refused: " + str(problem)
        if len(outcome.splitlines()) > 1:
            outcome = "CRASH a refusal of several lines: " + outcome
    except BaseException as error:  # noqa: BLE001 (the corpus exists to find these)
        outcome = "CRASH " + "".join(traceback.format_exception(type(error), error, error.__traceback__))[-800:]
    return f"{time.perf_counter() - started:.3f} {outcome}"


def fuzz_cases(kind: str, seed: int, count: int, folder: Path):
    """``count`` (name, source) cases of ``kind`` (``config``, ``gguf`` or ``safetensors``), seeded."""
    rng = random.Random(seed)
    folder = Path(folder)
    if kind == "gguf":
        valid = gguf_bytes(*tiny_gguf_parts())
        for i in range(count):
            yield f"gguf {seed}/{i}", write_gguf(folder / f"fuzz-{i}.gguf", fuzz_gguf(rng, valid))
    elif kind == "safetensors":
        tensors = tiny_tensors()
        raw = (TINY / "model.safetensors").read_bytes()
        length = int.from_bytes(raw[:8], "little")
        header = json.loads(raw[8:8 + length])
        for i in range(count):
            model = copy_tiny(folder / f"fuzz-{i}")
            text = json.dumps(fuzz_safetensors(rng, header)).encode()
            (model / "model.safetensors").write_bytes(struct.pack("<Q", len(text)) + text + raw[8 + length:])
            yield f"safetensors {seed}/{i}", model
        del tensors
    else:
        for i in range(count):
            yield f"config {seed}/{i}", write_fuzzed_config(folder / f"fuzz-{i}", fuzz_config(rng))


def run_fuzz(kind: str, seed: int, count: int, folder: str) -> None:
    """Print one line per case: its name, seconds and outcome (the memory-capped subprocess runs this)."""
    for name, source in fuzz_cases(kind, seed, count, Path(folder)):
        print(name, " | ".join(attempt(source).splitlines()), flush=True)
        if isinstance(source, Path) and source.is_dir():
            shutil.rmtree(source)
        elif isinstance(source, Path):
            source.unlink()
