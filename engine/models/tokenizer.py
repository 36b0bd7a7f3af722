"""Text → token ids and readable labels, with the ``tokenizers`` package: from a tokenizer.json (BERT's
WordPiece, GPT-2 / Llama byte-level BPE) or from a GGUF file's vocabulary (byte-level BPE)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from engine.problem import QT_TRANSLATE_NOOP, FileProblem, Problem

#: Longest input the forward passes take (a larger model context is cut here too): attention is T².
MAX_TOKENS = 512


@dataclass(frozen=True)
class Tokens:
    """One encoded text: ``ids``, ``labels`` to show (the text each token covers) and whether it was cut."""

    ids: tuple[int, ...]
    labels: tuple[str, ...]
    truncated: bool


class ModelTokenizer:
    """A ``tokenizers.Tokenizer`` that never pads and labels every token readably."""

    def __init__(self, backend, max_tokens: int, byte_level: bool):
        backend.no_padding()
        backend.enable_truncation(max_length=max_tokens)
        self.backend = backend
        self.max_tokens = max_tokens
        self.byte_level = byte_level

    def _labels(self, text: str, encoding) -> tuple[str, ...]:
        if self.byte_level:
            labels = byte_level_labels(text, [self.backend.id_to_token(i) or "" for i in encoding.ids])
            if labels is not None:
                return labels
            return tuple(self.backend.decode([i], skip_special_tokens=False) for i in encoding.ids)
        return tuple(encoding.tokens)  # WordPiece spells itself readably: [CLS], the, ##s, [UNK]

    def encode(self, text: str) -> Tokens:
        """The tokens of ``text``; empty text (or text giving no tokens) is refused."""
        if not text.strip():
            raise Problem(QT_TRANSLATE_NOOP("Problem", "The text is empty; type a sentence"))
        encoding = self.backend.encode(text)
        if not encoding.ids:
            raise Problem(QT_TRANSLATE_NOOP("Problem", "The text gives no tokens"))
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


def tokenizer_from_json(path: Path, max_positions: int) -> ModelTokenizer:
    """The tokenizer in a tokenizer.json file, with its padding off (MiniLM's pads to 128)."""
    from tokenizers import Tokenizer, models

    try:
        backend = Tokenizer.from_file(str(path))
    except Exception as error:  # noqa: BLE001 (the Rust side raises plain Exceptions for any bad file)
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable tokenizer file ({reason})"),
                          reason=str(error).splitlines()[0] if str(error) else type(error).__name__) from None
    byte_level = not isinstance(backend.model, models.WordPiece)
    return ModelTokenizer(backend, min(max_positions, MAX_TOKENS), byte_level)


#: llama.cpp's pre-tokenizer names whose split differs from GPT-2's regex only by single digits.
_SINGLE_DIGIT_PRE = ("smollm", "starcoder", "refact")


def tokenizer_from_gguf(reader, path: Path, max_positions: int) -> ModelTokenizer:
    """A byte-level BPE tokenizer built from a GGUF file's ``tokenizer.ggml.*`` metadata.

    Control tokens (type 3, e.g. ``<|im_start|>``) stay whole. For SmolLM (``pre = smollm``) digits are
    split one by one before GPT-2's byte-level regex, as llama.cpp and the model's own tokenizer do.
    """
    from tokenizers import AddedToken, Tokenizer, decoders, models, pre_tokenizers

    from engine.models.gguf_file import field

    kind = field(reader, path, "tokenizer.ggml.model")
    if kind != "gpt2":
        raise FileProblem(path, QT_TRANSLATE_NOOP(
            "Problem", "has a {kind} vocabulary; NormScope reads byte-level BPE (gpt2) vocabularies from GGUF"),
            kind=repr(kind))
    tokens = field(reader, path, "tokenizer.ggml.tokens")
    merges = [tuple(m.split(" ", 1)) for m in field(reader, path, "tokenizer.ggml.merges")]
    types = field(reader, path, "tokenizer.ggml.token_type", [])
    try:
        backend = Tokenizer(models.BPE(vocab={t: i for i, t in enumerate(tokens)}, merges=merges))
    except Exception as error:  # noqa: BLE001 (the Rust side raises plain Exceptions)
        raise FileProblem(path, QT_TRANSLATE_NOOP("Problem", "is not a readable tokenizer file ({reason})"),
                          reason=str(error)) from None
    byte_level = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    if field(reader, path, "tokenizer.ggml.pre", "") in _SINGLE_DIGIT_PRE:
        backend.pre_tokenizer = pre_tokenizers.Sequence([pre_tokenizers.Digits(individual_digits=True), byte_level])
    else:
        backend.pre_tokenizer = byte_level
    backend.decoder = decoders.ByteLevel()
    backend.add_special_tokens([AddedToken(t, special=True, normalized=False)
                                for t, kind in zip(tokens, types) if kind == 3])
    return ModelTokenizer(backend, min(max_positions, MAX_TOKENS), byte_level=True)
