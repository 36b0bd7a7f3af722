"""Gemma's tokenizer from a GGUF gives transformers' ids: on a tiny Gemma-style vocabulary written here
(runs everywhere) and on Gemma 3 270M's own file (when its package is installed); the merges its
vocabulary implies are found exactly, hash collisions or not; bad metadata is one clear line."""

from __future__ import annotations

import itertools
import json
import time

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import engine.models.implied_merges as implied
from engine.models.gemma_tokenizer import gemma_tokenizer, is_gemma_vocabulary
from engine.models.gguf_header import read_gguf_header
from engine.models.installed import installed_path, resolve_model
from engine.problem import FileProblem, Problem
from tests.gemma_vocabulary import write_gemma_style_gguf
from tests.model_fixtures import REFERENCE

STORED = json.loads((REFERENCE / "gemma_tokenizer_reference.json").read_text(encoding="utf-8"))


@pytest.fixture
def tiny_header(tmp_path):
    return read_gguf_header(write_gemma_style_gguf(tmp_path / "tiny.gguf"))


def test_the_tiny_gemma_style_vocabulary_gives_transformers_ids(tiny_header):
    tokenizer = gemma_tokenizer(tiny_header, 32, 400)
    compared = 0
    for text, ids in STORED["tiny"]:
        if not text.strip():
            with pytest.raises(Problem, match="empty"):
                tokenizer.encode(text)
            continue
        assert list(tokenizer.encode(text).ids) == ids, text
        compared += 1
    assert compared >= 15


def test_labels_are_the_text_each_token_covers(tiny_header):
    tokenizer = gemma_tokenizer(tiny_header, 32, 400)
    assert tokenizer.encode("hello world").labels == ("<bos>", "hello", " world")
    assert tokenizer.encode("hé").labels == ("<bos>", "h", "é(1/2)", "é(2/2)")  # é falls back to its 2 bytes
    assert tokenizer.encode("<start_of_turn>hello").labels == ("<bos>", "<start_of_turn>", "hello")


def test_bos_comes_first_only_when_the_file_says_so(tiny_header):
    tiny_header.fields["tokenizer.ggml.add_bos_token"] = False
    assert gemma_tokenizer(tiny_header, 32, 400).encode("hello").ids == (319,)


def test_a_gemma_vocabulary_is_told_from_a_llama_one(tiny_header):
    assert is_gemma_vocabulary(tiny_header)
    tiny_header.fields["general.architecture"] = "llama"
    assert not is_gemma_vocabulary(tiny_header)


@pytest.mark.parametrize(("key", "value", "said"), [
    ("tokenizer.ggml.bos_token_id", 10 ** 6, "tokenizer.ggml.bos_token_id = 1000000; a token id 0 … 340"),
    ("tokenizer.ggml.add_bos_token", 7, "tokenizer.ggml.add_bos_token = 7; true or false"),
    ("tokenizer.ggml.model", "gpt2", "'gpt2' vocabulary; a Gemma model's is a SentencePiece one"),
    ("tokenizer.ggml.tokens", "one", "tokenizer.ggml.tokens as a single value"),
    ("tokenizer.ggml.merges", 3, "tokenizer.ggml.merges as a single value"),
    ("tokenizer.ggml.token_type", "x", "tokenizer.ggml.token_type that is not an array of integers"),
])
def test_bad_metadata_is_one_line_naming_the_entry(tiny_header, key, value, said):
    tiny_header.fields[key] = value
    with pytest.raises(FileProblem) as caught:
        gemma_tokenizer(tiny_header, 32, 400)
    assert said in str(caught.value) and "\n" not in str(caught.value)
    assert str(caught.value).startswith("tiny.gguf: ")


def test_the_merges_are_found_once_then_read_from_the_cache(tiny_header, monkeypatch, tmp_path):
    import engine.models.cached_merges as cached

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))  # its own cache: another test may have opened Gemma
    first = gemma_tokenizer(tiny_header, 32, 400)
    stored = list((cached.cache_folder() / "merges").glob("*.npy"))
    assert len(stored) == 1
    with pytest.MonkeyPatch.context() as patched:  # the cache folder stays this test's after it
        patched.setattr(cached, "implied_merge_indices", lambda *args: pytest.fail("found the merges again"))
        again = gemma_tokenizer(tiny_header, 32, 400)
    for text, ids in STORED["tiny"]:
        if text.strip():
            assert list(again.encode(text).ids) == ids == list(first.encode(text).ids)
    for damaged in (np.array([[0, 10 ** 6]], dtype=np.int32), np.zeros((3, 3), dtype=np.int32), np.zeros(4)):
        np.save(stored[0], damaged)  # out of range, the wrong shape, the wrong type: found again, stored anew
        assert gemma_tokenizer(tiny_header, 32, 400).encode("hello world").ids == (2, 319, 325)
        assert np.load(stored[0]).shape[1] == 2 and np.load(stored[0]).max() < 400


def test_a_vocabulary_past_the_tokenizer_limit_is_refused_before_it_is_read(tiny_header, monkeypatch):
    import engine.models.gemma_tokenizer as module

    monkeypatch.setattr(module, "MAX_GGUF_VOCABULARY_BYTES", 100)
    with pytest.raises(FileProblem, match="has a vocabulary of 1,[0-9]{3} bytes; at most 100 are read"):
        gemma_tokenizer(tiny_header, 32, 400)
    monkeypatch.setattr(module, "MAX_VOCAB", 300)
    with pytest.raises(FileProblem, match="declares 341 tokens; at most 300 are read"):
        gemma_tokenizer(tiny_header, 32, 400)


def _transformers_rule(tokens: list[str]) -> list[tuple[str, str]]:
    """transformers' generate_merges as its GGUF Gemma builder calls it (positions as scores), written
    out again here as the oracle: every cut whose halves are tokens, sorted by position, then half lengths."""
    vocab = {token: index for index, token in enumerate(tokens)}
    scores = {token: -index for index, token in enumerate(tokens)}
    merges = []
    for merge, score in scores.items():
        local = [(merge[:i], merge[i:], score) for i in range(1, len(merge)) if merge[:i] in vocab and merge[i:] in vocab]
        merges.extend(sorted(local, key=lambda x: (vocab[x[0]], vocab[x[1]])))
    merges = sorted(merges, key=lambda m: (m[2], len(m[0]), len(m[1])), reverse=True)
    return [(left, right) for left, right, _ in merges]


_VOCABULARIES = st.lists(st.text(alphabet="ab▁\n今😀", min_size=0, max_size=6), min_size=1, max_size=60)


@settings(max_examples=60, deadline=None)
@given(_VOCABULARIES)
def test_the_implied_merges_follow_transformers_rule(tokens):
    vocab = {token: index for index, token in enumerate(tokens)}
    assert implied.implied_merges(tokens, vocab) == _transformers_rule(tokens)


@settings(max_examples=30, deadline=None)
@given(_VOCABULARIES, st.sampled_from([0, 0x3, 0xFF]))
def test_hash_collisions_never_change_the_merges(tokens, kept_bits):
    """Keys squeezed to a few bits collide all the time: between cuts and tokens (false matches, which
    the spelling check drops) and among the tokens (then the exact string-by-string way is taken)."""
    vocab = {token: index for index, token in enumerate(tokens)}
    real = implied._mixed
    implied._mixed = lambda values: real(values) & np.uint64(kept_bits)
    try:
        assert implied.implied_merges(tokens, vocab) == _transformers_rule(tokens)
    finally:
        implied._mixed = real


def test_false_matches_are_dropped_by_the_spelling_check(monkeypatch):
    """Four tokens whose keys, squeezed to 2 bits, differ: every cut then matches some token's key, so
    the hashed way (not the string way) sees false matches, which only the spelling check drops."""
    real = implied._mixed
    monkeypatch.setattr(implied, "_mixed", lambda values: real(values) & np.uint64(3))

    def refuse(*args):
        raise LookupError  # the tokens' own keys collided: this choice of tokens does not test the check

    monkeypatch.setattr(implied, "_string_cuts", refuse)
    tried = 0
    for tokens in itertools.combinations(["a", "b", "ab", "ba", "aba", "bab", "abba", "baab", "aabb"], 4):
        try:
            merges = implied.implied_merges(list(tokens), {t: i for i, t in enumerate(tokens)})
        except LookupError:
            continue
        assert merges == _transformers_rule(list(tokens)), tokens
        tried += 1
    assert tried >= 5


needs_gemma = pytest.mark.skipif(installed_path("gemma3") is None, reason="Gemma 3's package is not installed")


@needs_gemma
def test_gemma3_gives_transformers_ids_and_builds_fast():
    if "gemma3" not in STORED:
        pytest.skip("the stored reference has no Gemma 3 ids (made without its package)")
    header = read_gguf_header(resolve_model("gemma3"))
    started = time.process_time()
    tokenizer = gemma_tokenizer(header, 32768, 262144)
    spent = time.process_time() - started
    for text, ids in STORED["gemma3"]:
        assert list(tokenizer.encode(text).ids) == ids, text
    assert len(STORED["gemma3"]) >= 30
    assert spent < 6.0  # about 1.3 s of CPU here; generous for a loaded machine


@needs_gemma
@pytest.mark.slow
def test_gemma3_s_implied_merges_match_the_string_rule():
    header = read_gguf_header(resolve_model("gemma3"))
    tokens = header.fields["tokenizer.ggml.tokens"].strings(header.path, "tokens")
    vocab = {token: index for index, token in enumerate(tokens)}
    assert implied.implied_merges(tokens, vocab) == implied.merges_of(tokens, implied._string_cuts(tokens, vocab))
