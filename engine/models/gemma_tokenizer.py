"""Gemma's tokenizer from its GGUF file's ``tokenizer.ggml.*`` metadata, as transformers builds it from
the same file (its GemmaTokenizer), so the ids are the same.

It is SentencePiece-style BPE: every space becomes ``▁`` and none is put before the text; a token of
spaces only, which the file spells with real spaces, is looked up as that many ``▁``; the merges are the
ones the vocabulary implies (the file lists none; engine.models.implied_merges, kept in the cache
folder after the first open by engine.models.cached_merges); each digit is a token
of its own (the vocabulary has no longer numbers); a character outside the vocabulary falls back to its
UTF-8 bytes (``<0xE4>``); control tokens (``<bos>``, ``<start_of_turn>``) and user-defined ones
(``\\n\\n``, ``<table>``) stay whole; ``<bos>`` comes first when the file says so.
"""

from __future__ import annotations

import numpy as np

from engine.models.model_limits import MAX_GGUF_VOCABULARY_BYTES, MAX_VOCAB
from engine.models.tokenizer import MAX_TOKENS, ModelTokenizer, _rust_reason
from engine.problem import QT_TRANSLATE_NOOP, FileProblem

#: GGUF architectures whose ``llama`` (SentencePiece) vocabulary is Gemma's, as transformers reads them.
GEMMA_ARCHITECTURES = ("gemma", "gemma2", "gemma3")
#: llama.cpp's token types: control tokens are matched whole as special, user-defined ones whole as text.
CONTROL, USER_DEFINED = 3, 4
#: Which metadata entry holds each special token's id.
_SPECIAL_IDS = {"bos": "tokenizer.ggml.bos_token_id", "eos": "tokenizer.ggml.eos_token_id",
                "unk": "tokenizer.ggml.unknown_token_id", "pad": "tokenizer.ggml.padding_token_id"}


def is_gemma_vocabulary(header) -> bool:
    """Whether a GGUF header holds a Gemma model's SentencePiece vocabulary (this module's to read)."""
    return header.fields.get("tokenizer.ggml.model") == "llama" \
        and header.fields.get("general.architecture") in GEMMA_ARCHITECTURES


class SentencePieceTokenizer(ModelTokenizer):
    """A ModelTokenizer whose labels are the text each token covers (``▁`` shown as the space it is),
    ``字(k/n)`` for the k-th of n byte tokens that spell one character, and the special tokens by name."""

    def _labels(self, text: str, encoding) -> tuple[str, ...]:
        offsets, tokens = encoding.offsets, encoding.tokens
        sharing: dict[tuple[int, int], list[int]] = {}
        for index, span in enumerate(offsets):
            sharing.setdefault(span, []).append(index)
        labels = []
        for index, (start, end) in enumerate(offsets):
            covered = text[start:end]
            group = sharing[(start, end)]
            if not covered or encoding.special_tokens_mask[index]:
                labels.append(tokens[index])  # <bos> added in front covers no text
            elif len(group) > 1:
                labels.append(f"{covered}({group.index(index) + 1}/{len(group)})")
            else:
                labels.append(covered)
        return tuple(labels)


def gemma_tokenizer(header, max_positions: int, vocab_size: int) -> SentencePieceTokenizer:
    """The tokenizer of a Gemma GGUF file (``tokenizer.ggml.model`` = llama); bad metadata is a FileProblem.

    For Gemma 3's 262,144 tokens: 1.8–2.5 s of CPU with the merges from the cache, 2.9–3.3 s without,
    measured on the shared machine at load 10 (bench/bench_gemma_tokenizer.py); most of it is the BPE
    model's own construction in Rust and the 515 k merges. A sentence then encodes in under 1 ms."""
    from tokenizers import AddedToken, Tokenizer, decoders, models, normalizers, pre_tokenizers

    from engine.models.cached_merges import cached_implied_merges
    from engine.models.gguf_file import field, text_field
    from engine.models.gguf_header import GGUFArray

    path = header.path
    kind = text_field(header, "tokenizer.ggml.model")
    if kind != "llama":
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "has a {kind} vocabulary; a Gemma model's is a SentencePiece one (llama)"), kind=repr(kind[:40]))
    listed = field(header, "tokenizer.ggml.tokens")
    if not isinstance(listed, GGUFArray):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} as a single value; an array of strings was expected"),
                          key="tokenizer.ggml.tokens")
    if listed.count > MAX_VOCAB:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "declares {count} {what}; at most {limit} are read"),
                          count=f"{listed.count:,}", what="tokens", limit=f"{MAX_VOCAB:,}")
    if listed.lengths is not None and int(listed.lengths.sum()) > MAX_GGUF_VOCABULARY_BYTES:
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "has a vocabulary of {size} bytes; at most {limit} are read"),
            size=f"{int(listed.lengths.sum()):,}", limit=f"{MAX_GGUF_VOCABULARY_BYTES:,}")
    original = listed.strings(path, "tokenizer.ggml.tokens")
    if not original:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has an empty vocabulary ({key})"), key="tokenizer.ggml.tokens")
    types = _token_types(header, len(original))
    special = {name: _token_id(header, key, len(original)) for name, key in _SPECIAL_IDS.items()}
    add_bos, add_eos = _flag(header, "tokenizer.ggml.add_bos_token", True), _flag(header, "tokenizer.ggml.add_eos_token", False)
    # A token of spaces only is spelled with real spaces in the file, but looked up after spaces became ▁.
    tokens = ["\u2581" * len(t) if " " in t and not t.strip() else t for t in original]
    vocab = {token: index for index, token in enumerate(tokens)}
    listed_merges = header.fields.get("tokenizer.ggml.merges")
    if listed_merges is None:
        merges = cached_implied_merges(tokens, vocab)
    elif isinstance(listed_merges, GGUFArray):
        merges = [tuple(m.split(" ", 1)) for m in listed_merges.strings(path, "tokenizer.ggml.merges")]
        if any(len(m) != 2 for m in merges):
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a merge in {key} without a space between its two parts"),
                              key="tokenizer.ggml.merges")
    else:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} as a single value; an array of strings was expected"),
                          key="tokenizer.ggml.merges")
    named = [original[i] for i in special.values() if i is not None]
    control = list(dict.fromkeys(named + [original[i] for i in np.flatnonzero(types == CONTROL).tolist()]))
    # As transformers: a user-defined token is added only if its spelling is a token (or a control
    # one): "\n\n" is, "  " is not (it is looked up as "▁▁" and found so by the BPE model itself).
    known = set(control)
    user_defined = [original[i] for i in np.flatnonzero(types == USER_DEFINED).tolist()
                    if original[i] in vocab or original[i] in known]
    try:
        backend = Tokenizer(models.BPE(vocab=vocab, merges=merges, fuse_unk=True, unk_token="<unk>",
                                       byte_fallback=True, dropout=None))
        del vocab, merges
        backend.normalizer = normalizers.Replace(" ", "\u2581")
        backend.pre_tokenizer = pre_tokenizers.Split(pattern=" ", behavior="merged_with_previous", invert=False)
        backend.decoder = decoders.Sequence([decoders.Replace("\u2581", " "), decoders.ByteFallback(), decoders.Fuse()])
        backend.add_special_tokens([AddedToken(token, special=True, normalized=False) for token in control])
        backend.add_tokens([AddedToken(token, special=False, normalized=False) for token in user_defined])
        backend.post_processor = _template(original, special, add_bos, add_eos)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # noqa: BLE001 (the Rust side raises plain Exceptions, or panics)
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable tokenizer file ({reason})"),
                          reason=_rust_reason(error)) from None
    return SentencePieceTokenizer(backend, min(max_positions, MAX_TOKENS), False, vocab_size)


def _token_types(header, count: int) -> np.ndarray:
    """Each token's llama.cpp type (1 = normal when the file gives none), as ``count`` integers."""
    from engine.models.gguf_header import GGUFArray

    value = header.fields.get("tokenizer.ggml.token_type")
    types = np.ones(count, dtype=np.int64)
    if value is None:
        return types
    if not isinstance(value, GGUFArray) or value.numbers is None or value.numbers.dtype.kind not in "iu":
        raise FileProblem(header.path, QT_TRANSLATE_NOOP("Problem", "has {key} that is not an array of integers"),
                          key="tokenizer.ggml.token_type")
    given = value.numbers[:count]
    types[:len(given)] = given  # as transformers pairs them: a shorter list leaves the rest normal
    return types


def _token_id(header, key: str, count: int) -> int | None:
    """The token id metadata ``key`` names, None when absent; one outside the vocabulary is refused."""
    value = header.fields.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise FileProblem(header.path, QT_TRANSLATE_NOOP(
            "Problem", "has {key} = {value}; a token id 0 … {last} was expected"),
            key=key, value=repr(value)[:40] if not hasattr(value, "kind") else "an array", last=count - 1)
    return value


def _flag(header, key: str, default: bool) -> bool:
    value = header.fields.get(key, default)
    if not isinstance(value, bool):
        raise FileProblem(header.path, QT_TRANSLATE_NOOP("Problem", "has {key} = {value}; true or false was expected"),
                          key=key, value=repr(value)[:40] if not hasattr(value, "kind") else "an array")
    return value


def _template(tokens: list[str], special: dict, add_bos: bool, add_eos: bool):
    """``<bos> $A`` (and ``$A <eos>`` when the file asks), as transformers' post-processor puts them."""
    from tokenizers import processors

    ends = [(name, special[name]) for name, wanted in (("bos", add_bos), ("eos", add_eos))
            if wanted and special[name] is not None]
    single = [f"{tokens[i]}:0" for name, i in ends if name == "bos"] + ["$A:0"] \
        + [f"{tokens[i]}:0" for name, i in ends if name == "eos"]
    pair = single + [f"{tokens[i]}:1" for name, i in ends if name == "bos"] + ["$B:1"] \
        + [f"{tokens[i]}:1" for name, i in ends if name == "eos"]
    return processors.TemplateProcessing(single=single, pair=pair,
                                         special_tokens=[(tokens[i], i) for _, i in ends])
