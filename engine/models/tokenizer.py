"""Text → token ids and readable labels, with the ``tokenizers`` package: from a tokenizer.json (BERT's
WordPiece, GPT-2 / Llama byte-level BPE) or from a GGUF file's vocabulary (byte-level BPE)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from engine.files.bounded_read import read_regular_file
from engine.models.model_limits import MAX_TOKENIZER_BYTES, MAX_TOKENIZER_DEPTH
from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem
from engine.files.safe_json import nesting_depth

#: Longest input the forward passes take (a larger model context is cut here too): attention is T².
MAX_TOKENS = 512
#: Characters of text encoded at first for a model of ``max_tokens`` tokens: a token covers far fewer
#: than this many characters, so the cut text still gives more tokens than are kept (a 10 MB text is
#: not tokenized whole); the whole text is encoded only when it does not.
CHARS_PER_TOKEN = 32


@dataclass(frozen=True)
class Tokens:
    """One encoded text: ``ids``, ``labels`` to show (the text each token covers) and whether it was cut."""

    ids: tuple[int, ...]
    labels: tuple[str, ...]
    truncated: bool


class ModelTokenizer:
    """A ``tokenizers.Tokenizer`` that never pads and labels every token readably.

    ``vocab_size`` is the number of rows of the model's embedding: an id the tokenizer gives past it
    (a tokenizer file with more added tokens than the model has rows) is refused, not looked up.
    """

    def __init__(self, backend, max_tokens: int, byte_level: bool, vocab_size: int):
        backend.no_padding()
        backend.enable_truncation(max_length=max_tokens)
        self.backend = backend
        self.max_tokens = max_tokens
        self.byte_level = byte_level
        self.vocab_size = vocab_size

    def _labels(self, text: str, encoding) -> tuple[str, ...]:
        if self.byte_level:
            labels = byte_level_labels(text, [self.backend.id_to_token(i) or "" for i in encoding.ids])
            if labels is not None:
                return labels
            return tuple(self.backend.decode([i], skip_special_tokens=False) for i in encoding.ids)
        return tuple(encoding.tokens)  # WordPiece spells itself readably: [CLS], the, ##s, [UNK]

    def _encoded(self, text: str):
        """The backend's encoding of ``text``; whatever the Rust side raises (a PanicException is a
        BaseException, not an Exception) becomes a Problem."""
        try:
            return self.backend.encode(text)
        except (KeyboardInterrupt, SystemExit):
            raise
        except BaseException as error:  # noqa: BLE001 (pyo3's PanicException derives from BaseException)
            raise Problem(QT_TRANSLATE_NOOP("Problem", "The tokenizer failed on this text ({reason})"),
                          reason=_rust_reason(error)) from None

    def encode(self, text: str) -> Tokens:
        """The tokens of ``text``; empty text, text giving no tokens or ids the model has no rows for are refused."""
        if not text.strip():
            raise Problem(QT_TRANSLATE_NOOP("Problem", "The text is empty; type a sentence"))
        surrogate = next((i for i, ch in enumerate(text) if "\ud800" <= ch <= "\udfff"), None)
        if surrogate is not None:
            raise Problem(QT_TRANSLATE_NOOP(
                "Problem", "The text holds a lone surrogate (U+{code}) at character {index}, which is not Unicode text"),
                code=f"{ord(text[surrogate]):04X}", index=surrogate + 1)
        budget = self.max_tokens * CHARS_PER_TOKEN
        encoding = self._encoded(text[:budget]) if len(text) > budget else None
        if encoding is None or not encoding.overflowing:
            encoding = self._encoded(text)
        if not encoding.ids:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "The text gives no tokens"))
        past = next((i for i in encoding.ids if not 0 <= i < self.vocab_size), None)
        if past is not None:
            raise Problem(QT_TRANSLATE_NOOP(
                "Problem", "The tokenizer gives the id {id}, but the model has embeddings for ids 0 … {last} only"),
                id=past, last=self.vocab_size - 1)
        return Tokens(tuple(encoding.ids), self._labels(text, encoding), bool(encoding.overflowing))


def _byte_alphabet() -> dict[str, int]:
    """GPT-2's spelling of bytes as characters (printable Latin-1 as itself, the rest from U+0100 on), reversed."""
    printable = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1), *range(ord("®"), ord("ÿ") + 1)]
    spelled, extra = {}, 0
    for byte in range(256):
        if byte in printable:
            spelled[chr(byte)] = byte
        else:
            spelled[chr(256 + extra)] = byte
            extra += 1
    return spelled


_BYTES = _byte_alphabet()


def byte_level_labels(text: str, pieces: list[str]) -> tuple[str, ...] | None:
    """Labels for byte-level tokens: the characters each covers, and ``字(k/n)`` for the k-th of n tokens
    that share one character's UTF-8 bytes. None when the pieces do not spell ``text``'s bytes."""
    try:
        token_bytes = [bytes(_BYTES[ch] for ch in piece) for piece in pieces]
    except KeyError:
        return None
    if b"".join(token_bytes) != text.encode("utf-8"):
        return None
    char_ranges, offset = [], 0  # (first byte, end byte, character)
    for ch in text:
        size = len(ch.encode("utf-8"))
        char_ranges.append((offset, offset + size, ch))
        offset += size
    token_ranges, offset = [], 0
    for piece in token_bytes:
        token_ranges.append((offset, offset + len(piece)))
        offset += len(piece)
    labels = []
    for token, (start, end) in enumerate(token_ranges):
        parts = []
        for c_start, c_end, ch in char_ranges:
            if c_end <= start or c_start >= end:
                continue
            sharing = [i for i, (s, e) in enumerate(token_ranges) if s < c_end and e > c_start]
            if len(sharing) == 1:
                parts.append(ch)
            else:
                parts.append(f"{ch}({sharing.index(token) + 1}/{len(sharing)})")
        labels.append("".join(parts))
    return tuple(labels)


def _rust_reason(error: BaseException) -> str:
    return (str(error).splitlines() or [type(error).__name__])[0][:200]


def tokenizer_from_json(path: Path, max_positions: int, vocab_size: int) -> ModelTokenizer:
    """The tokenizer in a tokenizer.json file, with its padding off (MiniLM's pads to 128).

    The file is read as a regular file of at most MAX_TOKENIZER_BYTES and its nesting measured before
    the Rust parser sees it (a 3 GiB sparse file is refused by its size, never read)."""
    from tokenizers import Tokenizer, models

    data = read_regular_file(path, MAX_TOKENIZER_BYTES)
    try:
        text = bytes(data).decode("utf-8")
    except UnicodeDecodeError as error:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable tokenizer file ({reason})"),
                          reason=str(error)) from None
    del data
    depth = nesting_depth(text)
    if depth > MAX_TOKENIZER_DEPTH:
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is nested {depth} levels deep; at most {limit} are read"),
                          depth=depth, limit=MAX_TOKENIZER_DEPTH)
    try:
        backend = Tokenizer.from_str(text)
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # noqa: BLE001 (the Rust side raises plain Exceptions, or panics)
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable tokenizer file ({reason})"),
                          reason=_rust_reason(error)) from None
    byte_level = not isinstance(backend.model, models.WordPiece)
    return ModelTokenizer(backend, min(max_positions, MAX_TOKENS), byte_level, vocab_size)


#: llama.cpp's pre-tokenizer names whose split differs from GPT-2's regex only by single digits.
_SINGLE_DIGIT_PRE = ("smollm", "starcoder", "refact")


def tokenizer_from_gguf(header, max_positions: int, vocab_size: int) -> ModelTokenizer:
    """A byte-level BPE tokenizer built from a GGUF file's ``tokenizer.ggml.*`` metadata (a Gemma file's
    SentencePiece one is engine.models.gemma_tokenizer's).

    Control tokens (type 3, e.g. ``<|im_start|>``) stay whole. For SmolLM (``pre = smollm``) digits are
    split one by one before GPT-2's byte-level regex, as llama.cpp and the model's own tokenizer do.
    """
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers

    from engine.models.gguf_file import field, text_field
    from engine.models.gguf_header import GGUFArray

    path = header.path
    kind = text_field(header, "tokenizer.ggml.model")
    if kind != "gpt2":
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "has a {kind} vocabulary; NormScope reads byte-level BPE (gpt2) vocabularies from GGUF, "
                       "and Gemma's SentencePiece (llama) ones"),
            kind=repr(kind[:40]))
    arrays = {}
    for key in ("tokenizer.ggml.tokens", "tokenizer.ggml.merges"):
        value = field(header, key)
        if not isinstance(value, GGUFArray):
            raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has {key} as a single value; an array of strings was expected"),
                              key=key)
        arrays[key] = value.strings(path, key)
    tokens, merges = arrays["tokenizer.ggml.tokens"], [tuple(m.split(" ", 1)) for m in arrays["tokenizer.ggml.merges"]]
    if any(len(m) != 2 for m in merges):
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "has a merge in {key} without a space between its two parts"),
                          key="tokenizer.ggml.merges")
    types = field(header, "tokenizer.ggml.token_type", GGUFArray(5, 0, None, None, None))
    control = [] if types.numbers is None else np.flatnonzero(types.numbers[:len(tokens)] == 3).tolist()
    try:
        backend = Tokenizer(models.BPE(vocab={t: i for i, t in enumerate(tokens)}, merges=merges))
        pre = text_field(header, "tokenizer.ggml.pre", "")
        byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
        if pre in _SINGLE_DIGIT_PRE:
            backend.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Digits(individual_digits=True), byte_level])
        else:
            backend.pre_tokenizer = byte_level
        backend.decoder = decoders.ByteLevel()
        backend.add_special_tokens([AddedToken(tokens[i], special=True, normalized=False) for i in control])
    except (KeyboardInterrupt, SystemExit):
        raise
    except BaseException as error:  # noqa: BLE001 (the Rust side raises plain Exceptions, or panics)
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable tokenizer file ({reason})"),
                          reason=_rust_reason(error)) from None
    return ModelTokenizer(backend, min(max_positions, MAX_TOKENS), True, vocab_size)
