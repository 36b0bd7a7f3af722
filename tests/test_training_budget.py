"""The training lab's memory and sampling budgets: runs that would not fit are refused before anything is
allocated, with the estimate and what to lower; the estimate is an upper bound on real peaks, within 2×."""

import json
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pytest

from engine.problem import FileProblem, Problem
from engine.training.budget import (MAX_SAMPLE_SECONDS, MAX_TRAINING_BYTES, check_sample, memory_estimate,
                                    sample_seconds)
from engine.training.settings import TrainSettings
from engine.training.trainer import Trainer

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def every_code_point(tmp_path_factory) -> Path:
    """A 4.3 MB UTF-8 file of every code point once (surrogates and NUL excepted): a 1.1M-way softmax."""
    path = tmp_path_factory.mktemp("text") / "every.txt"
    path.write_text("".join(chr(c) for c in range(1, 0x110000) if not 0xD800 <= c < 0xE000), encoding="utf-8")
    return path


def _refusal(settings: TrainSettings) -> tuple[str, int]:
    """The Problem a Trainer for ``settings`` raises, and the most memory it allocated before raising."""
    tracemalloc.start()
    try:
        with pytest.raises(Problem) as refused:
            Trainer(settings)
        return str(refused.value), tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


@pytest.mark.parametrize("changes, advice", [
    (dict(seq=1024), "the attention weights (batch × heads × seq² per layer) take most: lower seq, batch or heads"),
    (dict(layers=48, width=512, ffn_mult=16), "the parameters and Adam's state take most: lower layers, width"),
    (dict(batch=1024, seq=1024), "lower seq, batch or heads"),
    (dict(batch=1024, width=512, heads=8, layers=48), "the activations kept for the backward pass take most"),
])
def test_settings_inside_the_ranges_that_would_not_fit_are_refused_before_allocating(changes, advice):
    message, allocated = _refusal(TrainSettings(**changes))
    assert message.startswith("this run needs about ") and "(limit 1.0 GiB)" in message and advice in message
    assert allocated < 40 << 20  # the data only (the stdlib text), never a weight


def test_a_text_of_every_code_point_is_refused_for_its_softmax(every_code_point):
    message, allocated = _refusal(TrainSettings(data=str(every_code_point)))
    assert "the softmax over 1,112,063 characters takes most: use a text with fewer distinct characters" in message
    assert allocated < 64 << 20  # the text's bytes and code points: 4.3 MB + 17 MB


def test_a_255_mb_text_is_refused_by_its_size_before_a_byte_is_read(tmp_path):
    big = tmp_path / "big.txt"
    with open(big, "wb") as f:
        f.truncate(255 << 20)  # sparse: takes no disk
    message, allocated = _refusal(TrainSettings(data=str(big)))
    assert message.startswith("big.txt: is 255.0 MB: as training text it needs about 1275 MB of memory (limit "
                              "1024 MB); use a text of at most 205 MB")
    assert allocated < 1 << 20


def test_the_default_run_and_the_forms_presets_fit():
    for changes in ({}, dict(layers=24), dict(layers=24, placement="deepnorm"), dict(seq=256, layers=4)):
        assert memory_estimate(TrainSettings(**changes), 100, 1_000_000).total < MAX_TRAINING_BYTES / 2


@pytest.mark.parametrize("config", [
    dict(seq=128, layers=6),
    pytest.param(dict(seq=512, batch=8, layers=8, heads=4), marks=pytest.mark.slow),
    pytest.param(dict(layers=32, width=256, heads=4, batch=8, seq=64), marks=pytest.mark.slow),
    pytest.param(dict(batch=64, seq=16, layers=2, width=32, placement="peri", norm="rms", tied=False), marks=pytest.mark.slow),
    pytest.param(dict(layers=8, width=128, heads=8, ffn_mult=16, batch=4, seq=8, placement="deepnorm",
                      position="learned"), marks=pytest.mark.slow),
])
def test_the_estimate_is_an_upper_bound_of_the_measured_peak_within_2x(config):
    done = subprocess.run([sys.executable, "-m", "tests.training_peak", json.dumps(config)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env={"OPENBLAS_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stderr
    peak = json.loads(done.stdout)
    assert peak["added"] <= peak["estimate"] <= 2 * peak["added"], peak


@pytest.mark.slow  # 13 s: a 20,000-character vocabulary's run, measured in a process of its own
def test_a_vocabulary_heavy_run_is_estimated_within_2x(tmp_path):
    import random

    rng = random.Random(1)
    text = tmp_path / "cjk.txt"
    text.write_text("".join(chr(0x4E00 + rng.randrange(20_000)) for _ in range(300_000)), encoding="utf-8")
    config = dict(data=str(text), batch=32, seq=64, layers=2, width=32)
    done = subprocess.run([sys.executable, "-m", "tests.training_peak", json.dumps(config)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, env={"OPENBLAS_NUM_THREADS": "1"})
    assert done.returncode == 0, done.stderr
    peak = json.loads(done.stdout)
    assert peak["vocab"] > 19_000 and peak["added"] <= peak["estimate"] <= 2 * peak["added"], peak


def test_a_sample_that_would_take_too_long_is_refused_with_how_many_characters_fit():
    settings = TrainSettings()
    with pytest.raises(Problem, match=r"sampling 20000 characters from this model would take about \d+ s "
                                      r"\(limit 30 s\): ask for at most (\d+)") as refused:
        check_sample(settings, 96, 20_000)
    fitting = int(str(refused.value).split("at most ")[1].split(",")[0])
    check_sample(settings, 96, fitting)  # as many as it says do fit
    assert sample_seconds(settings, 96, fitting + 1) > MAX_SAMPLE_SECONDS * 0.99


@pytest.mark.slow
def test_the_longest_allowed_sample_ends_before_the_deadline_without_it():
    import time

    import numpy as np

    from engine.training.budget import SAMPLE_DEADLINE
    from engine.training.sampling import sample_text

    settings = TrainSettings()
    trainer = Trainer(settings)
    vocab = trainer.corpus.vocab_size
    chars = int(MAX_SAMPLE_SECONDS / sample_seconds(settings, vocab, 1))  # the most check_sample allows
    check_sample(settings, vocab, chars)
    started = time.perf_counter()
    text = sample_text(trainer.params, settings, trainer.corpus, "\n", chars, np.random.default_rng(0))
    assert len(text) == chars + 1 and time.perf_counter() - started < SAMPLE_DEADLINE


def test_a_binary_or_non_utf8_or_empty_text_is_refused_naming_the_file(tmp_path):
    cases = {"nul.txt": b"abc\x00def" * 100, "latin1.txt": "café".encode("latin-1") * 100, "empty.txt": b"",
             "cut.txt": "今天".encode("utf-8")[:-1]}
    for name, data in cases.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(FileProblem) as refused:
            Trainer(TrainSettings(data=str(tmp_path / name), seq=4))
        assert str(refused.value).startswith(f"{name}: "), str(refused.value)
    with pytest.raises(FileProblem, match="at byte 3"):
        Trainer(TrainSettings(data=str(tmp_path / "latin1.txt"), seq=4))
