"""The training lab's trainer, data, schedule and settings: reproducible, bounded, and never raising on divergence."""

import math
import tracemalloc

import numpy as np
import pytest

from engine.problem import Problem
from engine.training.data import (corpus_from_text, load_corpus, stdlib_files, task_text, unigram_entropy,
                                  validation_batches)
from engine.training.schedule import learning_rate
from engine.training.settings import TrainSettings
from engine.training.trainer import StepRecord, Trainer

TINY = dict(layers=2, width=16, heads=2, batch=4, seq=8, data="reverse")


def _records(settings, steps):
    trainer = Trainer(settings)
    return [trainer.step() for _ in range(steps)]


def test_same_settings_and_seed_give_the_same_run_bit_for_bit():
    settings = TrainSettings(**TINY, val_every=3)
    a, b = _records(settings, 7), _records(settings, 7)
    for x, y in zip(a, b):
        assert (x.loss, x.grad_norm) == (y.loss, y.grad_norm)
        assert x.val_loss == y.val_loss or (math.isnan(x.val_loss) and math.isnan(y.val_loss))
        np.testing.assert_array_equal(x.update_ratio, y.update_ratio)
        np.testing.assert_array_equal(x.max_logit, y.max_logit)


def test_another_seed_gives_another_run():
    a = _records(TrainSettings(**TINY, seed=0), 2)
    b = _records(TrainSettings(**TINY, seed=1), 2)
    assert a[1].loss != b[1].loss


def test_exploding_run_is_reported_as_diverged_not_raised():
    trainer = Trainer(TrainSettings(layers=4, width=16, heads=2, steps=60, data="copy", norm="none",
                                    placement="pre", lr=10.0))
    while not trainer.finished:
        record = trainer.step()
    assert trainer.diverged_at is not None and trainer.diverged_at < 60
    assert record.diverged and record.step == trainer.diverged_at
    after = trainer.step()  # further steps change nothing
    assert after.diverged and math.isnan(after.loss)


def test_nan_weight_is_reported_as_divergence_at_that_step():
    trainer = Trainer(TrainSettings(**TINY))
    trainer.step()
    trainer.params["embed"][:] = np.nan
    assert trainer.step().diverged and trainer.diverged_at == 2


@pytest.mark.slow  # many steps, measured: 3 s of CPU
def test_memory_stays_flat_over_many_steps():
    trainer = Trainer(TrainSettings(**TINY, steps=10_000, val_every=5))
    for _ in range(20):
        trainer.step()
    tracemalloc.start()
    for _ in range(50):
        trainer.step()
    before = tracemalloc.get_traced_memory()[0]
    for _ in range(300):
        trainer.step()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert after - before < 64 * 1024


@pytest.mark.slow
def test_trainer_and_history_memory_stays_flat_over_a_3000_step_run():
    from engine.training.history import RunHistory

    steps = 3000
    trainer = Trainer(TrainSettings(**TINY, steps=steps, val_every=50))
    history = RunHistory(steps, trainer.settings.layers)  # allocated up front, before measuring
    for _ in range(100):
        history.append(trainer.step())
    tracemalloc.start()
    history.append(trainer.step())
    before = tracemalloc.get_traced_memory()[0]
    while not trainer.finished:
        history.append(trainer.step())
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    assert history.count == steps and np.isfinite(history.layers["residual_rms"]).all()
    assert after - before < 64 * 1024  # measured: a few kB over 2,900 steps


def _record(step: int, layers: int) -> StepRecord:
    row = np.full(layers, float(step))
    return StepRecord(step, 1.0 / step, math.nan, 1e-3, 1.0, row, row, row, row, 0.0, False)


def test_long_run_history_keeps_every_kth_step_per_layer_within_the_row_cap():
    from engine.training.history import MAX_LAYER_ROWS, RunHistory

    steps = 3 * MAX_LAYER_ROWS - 5
    history = RunHistory(steps, 2)
    assert history.layer_stride == 3 and len(history.layers["max_logit"]) <= MAX_LAYER_ROWS
    for step in range(1, 101):
        history.append(_record(step, 2))
    assert history.count == 100 and history.loss[99] == pytest.approx(0.01)  # every step's loss kept
    assert history.layer_rows == 34 and history.layer_steps()[:3].tolist() == [1, 4, 7]
    rows = history.layers["layer_grad_norm"][:history.layer_rows]
    np.testing.assert_array_equal(rows[:, 0], history.layer_steps())
    assert np.isnan(history.layers["layer_grad_norm"][history.layer_rows:]).all()


def test_history_memory_is_bounded_for_the_largest_run_the_settings_allow():
    from engine.training.history import RunHistory
    from engine.training.settings import RANGES

    history = RunHistory(int(RANGES["steps"][1]), int(RANGES["layers"][1]))
    per_layer = sum(a.nbytes for a in history.layers.values())
    assert per_layer <= 6.3e6 and history.loss.nbytes == 8 * RANGES["steps"][1]


def test_short_run_history_has_one_per_layer_row_per_step():
    from engine.training.history import RunHistory

    history = RunHistory(300, 12)
    assert history.layer_stride == 1 and history.layers["update_ratio"].shape == (300, 12)


def test_per_step_measurements_have_one_value_per_layer():
    record = Trainer(TrainSettings(**{**TINY, "layers": 3})).step()
    for values in (record.layer_grad_norm, record.update_ratio, record.residual_rms, record.max_logit):
        assert values.shape == (3,) and np.all(np.isfinite(values))
    assert record.grad_norm > np.sqrt(np.sum(record.layer_grad_norm ** 2))  # embeddings and head count too


def test_validation_loss_is_measured_every_k_steps_and_at_the_end():
    trainer = Trainer(TrainSettings(**TINY, val_every=3, steps=7))
    measured = [not math.isnan(trainer.step().val_loss) for _ in range(7)]
    assert measured == [False, False, True, False, False, True, True]


def test_warmup_rises_linearly_then_holds():
    assert [learning_rate(s, 1e-3, 4) for s in (1, 2, 4, 9)] == pytest.approx([2.5e-4, 5e-4, 1e-3, 1e-3])
    assert learning_rate(1, 1e-3, 0) == 1e-3


def test_inverse_sqrt_schedule_peaks_at_the_end_of_warmup_then_decays_as_one_over_root_step():
    lr = [learning_rate(s, 1e-3, 4, "inverse_sqrt") for s in (1, 2, 4, 16, 100)]
    assert lr == pytest.approx([2.5e-4, 5e-4, 1e-3, 5e-4, 2e-4])
    assert [learning_rate(s, 1e-3, 0, "inverse_sqrt") for s in (1, 4)] == pytest.approx([1e-3, 5e-4])


def test_clipping_bounds_the_first_update():
    clipped = Trainer(TrainSettings(**TINY, clip=1e-3))
    free = Trainer(TrainSettings(**TINY))
    a, b = clipped.step(), free.step()
    assert a.grad_norm == b.grad_norm  # reported before clipping
    # Adam's first step is ±lr whatever the scale of the gradient, except where ε matters: a tiny
    # clip makes it matter, so the clipped update is smaller.
    assert np.all(a.update_ratio <= b.update_ratio)


@pytest.mark.parametrize("bad", [dict(layers=0), dict(layers=49), dict(width=30, heads=4), dict(norm="batch"),
                                 dict(lr=float("nan")), dict(beta2=1.0), dict(init="he"),
                                 dict(schedule="cosine"), dict(qkv_xavier="fused"), dict(placement="sandwich")])
def test_bad_settings_are_refused_with_a_problem(bad):
    with pytest.raises(Problem):
        TrainSettings(**bad)


def test_stdlib_text_is_read_from_a_sorted_fixed_list_and_splits_train_and_validation():
    files = stdlib_files()
    assert files and [p.name for p in files] == sorted(p.name for p in files)
    a, b = load_corpus("stdlib", 32), load_corpus("stdlib", 32)
    np.testing.assert_array_equal(a.train, b.train)
    assert len(a.val) == pytest.approx(len(a.train) / 9, rel=0.01)
    assert 2.5 < unigram_entropy(a.train, a.vocab_size) < math.log(a.vocab_size)


def test_chinese_text_uses_characters_as_tokens():
    corpus = corpus_from_text("今天西安的天气怎么样？" * 20, "zh", 8)
    assert corpus.vocab_size == 10 and corpus.decode(corpus.encode("西安")) == "西安"


def test_unigram_entropy_of_two_equal_symbols_is_log_two():
    assert unigram_entropy(np.array([0, 1, 0, 1]), 3) == pytest.approx(math.log(2))


@pytest.mark.parametrize("task, line", [("copy", "ab=ab"), ("reverse", "ab=ba"), ("sort", "31=13"),
                                        ("modadd", "50+50=3")])
def test_generated_tasks_follow_their_rule(task, line):
    for example in task_text(task, 200).splitlines():
        left, right = example.split("=")
        if task == "copy":
            assert right == left
        elif task == "reverse":
            assert right == left[::-1]
        elif task == "sort":
            assert right == "".join(sorted(left))
        else:
            a, b = map(int, left.split("+"))
            assert int(right) == (a + b) % 97


def test_text_too_short_for_the_sequence_is_refused():
    with pytest.raises(Problem):
        corpus_from_text("abc" * 5, "short", 32)


def test_validation_batches_are_fixed_windows_of_the_validation_split():
    ids = np.arange(1000, dtype=np.int32)
    batches = validation_batches(ids, 4, 8, 3)
    assert len(batches) == 3 and batches[0].shape == (4, 9)
    assert np.all(np.diff(batches[1], axis=1) == 1)


def test_sampling_continues_the_prompt_with_what_the_model_learned():
    from engine.training.sampling import sample_text

    corpus = corpus_from_text("abcd" * 600, "cycle", 16)
    trainer = Trainer(TrainSettings(layers=1, width=16, heads=2, batch=8, seq=16, placement="pre", lr=1e-2,
                                    steps=60), corpus)
    while not trainer.finished:
        trainer.step()
    greedy = sample_text(trainer.params, trainer.settings, corpus, "ab", 10, np.random.default_rng(0), temperature=0)
    assert greedy == "ab" + "cdab" * 2 + "cd"
    sampled = [sample_text(trainer.params, trainer.settings, corpus, "b", 12, np.random.default_rng(5))
               for _ in range(2)]
    assert sampled[0] == sampled[1] and len(sampled[0]) == 13 and set(sampled[0]) <= set("abcd")


def test_run_history_fills_its_fixed_arrays_and_marks_divergence():
    from engine.training.history import RunHistory

    trainer = Trainer(TrainSettings(**TINY, steps=40))
    history = RunHistory(40, 2)
    records = [trainer.step() for _ in range(35)]
    for record in records:
        history.append(record)
    assert history.count == 35 and history.layers["max_logit"].shape == (40, 2)
    assert np.isnan(history.loss[35:]).all()
    assert history.final_loss() == pytest.approx(np.mean([r.loss for r in records[-30:]]))
    trainer.params["embed"][:] = np.nan
    history.append(trainer.step())
    assert history.diverged_at == 36 and math.isnan(history.final_loss())
