"""Hostile model folders, GGUF files, tokenizers and texts: each is refused with one line naming the file
and what was wrong, or computed right (non-finite values included); none crashes, hangs or takes more
than a few hundred MB. The corpus and the seeded fuzz are in tests/hostile_models.py."""

import collections
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from engine.models.forward import run_model
from engine.models.loading import load_model
from engine.models.non_finite import non_finite_notes
from engine.problem import FileProblem, Problem
from tests import hostile_models as H
from tests.model_fixtures import loaded, needs_model

ROOT = Path(__file__).resolve().parent.parent


def _outcome(source, text: str = "hello world") -> str:
    """What tests.hostile_models.attempt says, without its time."""
    return H.attempt(source, text).split(" ", 1)[1]


def _refusal(source) -> FileProblem:
    with pytest.raises(Problem) as caught:
        load_model(source)
    assert "\n" not in str(caught.value)
    return caught.value


@pytest.mark.parametrize(("name", "key", "value"), H.CONFIG_REFUSED, ids=[c[0] for c in H.CONFIG_REFUSED])
def test_a_bad_config_value_is_refused_naming_the_file_and_what_is_wrong(tmp_path, name, key, value):
    problem = _refusal(H.with_config(tmp_path / "model", key, value))
    assert isinstance(problem, FileProblem) and problem.path.name in ("config.json", "model.safetensors")
    # The key, the value's kind or the tensor it disagrees with is named.
    assert problem.path.name == "model.safetensors" or key in str(problem) or "JSON" in str(problem) \
        or "heads" in str(problem) or "activation" in str(problem) or "model;" in str(problem) \
        or "RoPE" in str(problem), str(problem)


@pytest.mark.parametrize(("name", "key", "value"), H.CONFIG_COMPUTED, ids=[c[0] for c in H.CONFIG_COMPUTED])
def test_config_values_that_only_make_the_numbers_non_finite_are_computed(tmp_path, name, key, value):
    assert _outcome(H.with_config(tmp_path / "model", key, value)) == "computed"


def test_a_negative_epsilon_is_computed_and_its_nan_is_said_where_it_begins(tmp_path):
    model = load_model(H.with_config(tmp_path / "model", "rms_norm_eps", -1e30))
    trace = run_model(model, model.tokenizer.encode("hello").ids)
    assert np.isfinite(trace.states[0]).all() and not np.isfinite(trace.states[1]).all()
    (note,) = non_finite_notes(trace)
    assert "block 0 · attn_norm" in str(note)


@pytest.mark.parametrize(("name", "change"), H.TENSORS_REFUSED, ids=[c[0] for c in H.TENSORS_REFUSED])
def test_bad_tensors_are_refused_naming_the_tensor(tmp_path, name, change):
    problem = _refusal(H.with_tensors(tmp_path / "model", change))
    assert problem.path.name == "model.safetensors"
    assert any(word in str(problem) for word in ("tensor", "dtype")), str(problem)


@pytest.mark.parametrize(("name", "change"), H.TENSORS_COMPUTED, ids=[c[0] for c in H.TENSORS_COMPUTED])
def test_non_finite_weights_and_unused_buffers_are_computed(tmp_path, name, change):
    assert _outcome(H.with_tensors(tmp_path / "model", change)) == "computed"


def test_an_unused_huge_tensor_is_never_converted(tmp_path):
    """A sparse 1 GiB F16 tensor beside the model: the shapes are checked on views, and only the
    tensors the model uses are converted, so the process grows by a few MB, not by 2 GiB."""
    folder = H.copy_tiny(tmp_path / "model")
    tensors = H.tiny_tensors()
    path = H.safetensors_file(folder / "model.safetensors", tensors)
    raw = path.read_bytes()
    length = int.from_bytes(raw[:8], "little")
    import json

    header = json.loads(raw[8:8 + length])
    body = len(raw) - 8 - length
    header["unused"] = {"dtype": "F16", "shape": [1 << 29], "data_offsets": [body, body + (1 << 30)]}
    text = json.dumps(header).encode()
    with open(path, "wb") as f:
        f.write(len(text).to_bytes(8, "little") + text + raw[8 + length:])
        f.truncate(8 + len(text) + body + (1 << 30))  # sparse: no disk used
    script = (f"import sys, resource; sys.path.insert(0, {str(ROOT)!r})\n"
              "from tests.hostile_models import attempt\n"
              "before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n"
              f"print(attempt({str(folder)!r}).split(' ', 1)[1])\n"
              "print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    outcome, grown_mb = run.stdout.splitlines()
    assert outcome == "computed", run.stderr
    assert int(grown_mb) < 200


@pytest.mark.parametrize(("name", "text"), H.TOKENIZER_REFUSED_AT_LOAD, ids=[c[0] for c in H.TOKENIZER_REFUSED_AT_LOAD])
def test_a_malformed_or_deep_tokenizer_file_is_refused_by_name(tmp_path, name, text):
    outcome = _outcome(H.with_tokenizer(tmp_path / "model", text))
    assert outcome.startswith("refused: ") and ("tokenizer" in outcome), outcome


@pytest.mark.parametrize(("name", "text"), H.TOKENIZER_REFUSED_AT_ENCODE,
                         ids=[c[0] for c in H.TOKENIZER_REFUSED_AT_ENCODE])
def test_a_tokenizer_that_fails_or_gives_ids_past_the_embedding_is_a_problem_at_encode(tmp_path, name, text):
    model = load_model(H.with_tokenizer(tmp_path / "model", text))
    with pytest.raises(Problem, match="tokenizer") as caught:
        model.tokenizer.encode("hello")
    assert "\n" not in str(caught.value)


def test_a_tokenizer_that_panics_is_a_problem_not_a_base_exception(tmp_path):
    model = load_model(H.with_tokenizer(tmp_path / "model", H.CATASTROPHIC_SPLIT))
    with pytest.raises(Problem, match="The tokenizer failed on this text"):
        model.tokenizer.encode(H.CATASTROPHIC_TEXT)


def test_a_gigantic_sparse_tokenizer_file_is_refused_by_its_size_unread(tmp_path):
    folder = H.copy_tiny(tmp_path / "model")
    with open(folder / "tokenizer.json", "r+b") as f:
        f.truncate(3 << 30)
    started = time.perf_counter()
    assert "MB" in str(_refusal(folder)) and time.perf_counter() - started < 1


@pytest.mark.parametrize("source", ["tiny", pytest.param("minilm", marks=needs_model("minilm")),
                                    pytest.param("smollm2", marks=needs_model("smollm2"))])
def test_a_lone_surrogate_in_the_text_is_a_problem(source):
    model = load_model(H.TINY) if source == "tiny" else loaded(source)
    with pytest.raises(Problem, match="surrogate"):
        model.tokenizer.encode("the cat \udcff sat")


def test_a_10_mb_text_is_cut_before_it_is_tokenized_whole():
    model = load_model(H.TINY)
    text = "the cat sat on the mat. " * 420_000
    started = time.process_time()
    tokens = model.tokenizer.encode(text)
    assert time.process_time() - started < 1.0
    assert tokens.truncated and tokens.ids == tuple(model.tokenizer.backend.encode(text[:20_000]).ids)


def test_every_wrong_kind_of_file_is_refused_at_once_naming_what_it_is(tmp_path):
    (tmp_path / "kinds").mkdir()
    for name, source in H.wrong_kinds(tmp_path / "kinds"):
        outcome = []
        thread = threading.Thread(target=lambda: outcome.append(_outcome(source)), daemon=True)
        thread.start()
        thread.join(10)
        assert outcome, f"{name}: still waiting after 10 s"
        kind = name.split()[0]
        assert outcome[0].startswith("refused: "), (name, outcome)
        expected = {"fifo": "pipe", "zero": "device", "folder": "folder", "loop": "symbolic links"}[kind]
        assert expected in outcome[0], (name, outcome)


def test_a_home_of_a_user_who_does_not_exist_is_a_problem():
    assert "~nosuchuser/x" in str(_refusal("~nosuchuser/x"))


@pytest.mark.parametrize(("name", "make"), H.GGUF_REFUSED, ids=[c[0] for c in H.GGUF_REFUSED])
def test_a_hostile_gguf_header_is_refused_naming_the_file(tmp_path, name, make):
    path = H.write_gguf(tmp_path / f"{name}.gguf", make())
    problem = _refusal(path)
    assert isinstance(problem, FileProblem) and problem.path == path, str(problem)


@pytest.mark.parametrize(("name", "make"), H.GGUF_COMPUTED, ids=[c[0] for c in H.GGUF_COMPUTED])
def test_gguf_values_that_only_make_the_numbers_non_finite_are_computed(tmp_path, name, make):
    assert _outcome(H.write_gguf(tmp_path / f"{name}.gguf", make())) == "computed"


def test_the_hand_written_gguf_runs_as_the_folder_does(tmp_path):
    """The struct-written GGUF of the corpus is the real format: it runs exactly as its folder."""
    from_gguf = load_model(H.write_gguf(tmp_path / "tiny.gguf", H.gguf_bytes(*H.tiny_gguf_parts())))
    from_folder = load_model(H.TINY)
    ids = from_folder.tokenizer.encode("Hi 你好!").ids
    assert from_gguf.tokenizer.encode("Hi 你好!").ids == ids
    assert np.array_equal(run_model(from_gguf, ids).states, run_model(from_folder, ids).states)


def test_a_1_kb_gguf_declaring_a_2_40_entry_array_is_refused_at_once(tmp_path):
    data = H.GGUF_REFUSED[[c[0] for c in H.GGUF_REFUSED].index("u8-array-2-40")][1]()
    assert len(data) < 1024
    started = time.perf_counter()
    assert "1,099,511,627,776" in str(_refusal(H.write_gguf(tmp_path / "a.gguf", data)))
    assert time.perf_counter() - started < 0.5


# --- the command line ----------------------------------------------------------------------------

def _export(tmp_path, model, text="hello", fmt=""):
    from app.cli import build_parser

    args = build_parser().parse_args(["export", "--model", str(model), "--text", text,
                                      "--out", str(tmp_path / "out"), "--format", fmt])
    from app.headless.model_export import run_model_export

    return run_model_export(args)


@pytest.mark.parametrize("errno_name", ["EROFS", "ENOSPC"])
def test_a_read_only_or_full_out_folder_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, errno_name):
    import errno

    import engine.files.file_set as file_set

    def refuse(source, target):
        raise OSError(getattr(errno, errno_name), os.strerror(getattr(errno, errno_name)), str(target))
    monkeypatch.setattr(file_set.os, "replace", refuse)  # the file set's renames into --out
    assert _export(tmp_path, H.TINY) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and os.strerror(getattr(errno, errno_name)) in err
    assert list((tmp_path / "out").iterdir()) == []  # nothing half-written, no hidden folder left


def test_a_panicking_tokenizer_on_the_command_line_prints_one_line(tmp_path):
    folder = H.with_tokenizer(tmp_path / "model", H.CATASTROPHIC_SPLIT)
    run = subprocess.run([sys.executable, "main.py", "export", "--model", str(folder), "--text", H.CATASTROPHIC_TEXT,
                          "--out", str(tmp_path / "out"), "--format", ""], cwd=ROOT, capture_output=True, text=True,
                         env={**os.environ, "RUST_BACKTRACE": "1"}, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "The tokenizer failed on this text" in run.stderr


def test_a_nan_model_exports_every_table_and_figure_with_a_note(tmp_path, capsys, qapp):
    assert _export(tmp_path, H.with_tensors(tmp_path / "model", H.TENSORS_COMPUTED[0][1]), fmt="png,svg") == 0
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "NaN or inf from the embedding output" in captured.err
    written = {Path(line).name for line in captured.out.splitlines()}
    assert {"model_depth.csv", "model_norms.csv", "model_outliers.png", "model_norm_fit.svg"} <= written


# --- seeded fuzz, in a subprocess whose address space is capped --------------------------------------

_CAPPED = """
import resource, sys
sys.path.insert(0, {root!r})
from tests import hostile_models as H
H.attempt(H.TINY)  # everything imported and warmed up: the cap counts what a case adds
with open("/proc/self/status") as status:
    size = next(int(line.split()[1]) for line in status if line.startswith("VmSize")) << 10
resource.setrlimit(resource.RLIMIT_AS, (size + {room}, size + {room}))
H.run_fuzz({kind!r}, {seed}, {count}, {folder!r})
"""

#: What one hostile case may add to the process's address space.
ROOM = 512 << 20


def _capped_fuzz(tmp_path, kind: str, count: int, seed: int = 19) -> collections.Counter:
    script = _CAPPED.format(root=str(ROOT), room=ROOM, kind=kind, seed=seed, count=count, folder=str(tmp_path))
    run = subprocess.run([sys.executable, "-W", "ignore", "-c", script], capture_output=True, text=True,
                         timeout=600, env={**os.environ, "OPENBLAS_NUM_THREADS": "1", "RUST_BACKTRACE": "0"})
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert len(lines) == count
    crashes = [line for line in lines if "CRASH" in line]
    assert not crashes, crashes[:3]
    slowest = max(float(line.split()[2]) for line in lines)
    assert slowest < 5, slowest
    return collections.Counter(line.split()[3].rstrip(":") for line in lines)


@pytest.mark.parametrize("kind", ["config", "gguf", "safetensors"])
def test_fuzzed_models_are_refused_or_computed_in_bounded_memory_and_time(tmp_path, kind):
    outcomes = _capped_fuzz(tmp_path, kind, 200)
    assert outcomes["refused"] > 0 and outcomes["computed"] > 0  # the fuzz reaches both sides


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["config", "gguf", "safetensors"])
def test_many_fuzzed_models_are_refused_or_computed_in_bounded_memory_and_time(tmp_path, kind):
    _capped_fuzz(tmp_path, kind, 2000, seed=2019)


def test_the_hostile_corpus_stays_within_a_few_hundred_mb(tmp_path):
    script = (f"import resource, sys\nsys.path.insert(0, {str(ROOT)!r})\n"
              "from pathlib import Path\nfrom tests import hostile_models as H\n"
              "H.attempt(H.TINY)\n"
              "with open('/proc/self/status') as status:\n"
              "    size = next(int(line.split()[1]) for line in status if line.startswith('VmSize')) << 10\n"
              f"resource.setrlimit(resource.RLIMIT_AS, (size + {ROOM}, size + {ROOM}))\n"
              f"folder = Path({str(tmp_path)!r})\n"
              "for name, key, value in H.CONFIG_REFUSED + H.CONFIG_COMPUTED:\n"
              "    print(name, H.attempt(H.with_config(folder / name, key, value)))\n"
              "for name, change in H.TENSORS_REFUSED + H.TENSORS_COMPUTED:\n"
              "    print(name, H.attempt(H.with_tensors(folder / name, change)))\n"
              "for name, make in H.GGUF_REFUSED + H.GGUF_COMPUTED:\n"
              "    print(name, H.attempt(H.write_gguf(folder / f'{name}.gguf', make())))\n"
              "for name, text in H.TOKENIZER_REFUSED_AT_LOAD + H.TOKENIZER_REFUSED_AT_ENCODE:\n"
              "    print(name, H.attempt(H.with_tokenizer(folder / name, text)))\n"
              "print('long-text', H.attempt(H.TINY, 'the cat sat. ' * 800_000))\n")
    run = subprocess.run([sys.executable, "-W", "ignore", "-c", script], capture_output=True, text=True, timeout=300,
                         env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert "CRASH" not in run.stdout and "MemoryError" not in run.stdout, run.stdout
    assert len(run.stdout.splitlines()) == len(H.CONFIG_REFUSED + H.CONFIG_COMPUTED + H.TENSORS_REFUSED + H.TENSORS_COMPUTED
                                               + H.GGUF_REFUSED + H.GGUF_COMPUTED + H.TOKENIZER_REFUSED_AT_LOAD
                                               + H.TOKENIZER_REFUSED_AT_ENCODE) + 1


def test_weights_are_writable_copies_never_views_of_the_mapped_file(tmp_path):
    """A read-only array is what a Scenario takes as checked already: γ sent to the token grid must not be one."""
    for source in (H.TINY, H.write_gguf(tmp_path / "tiny.gguf", H.gguf_bytes(*H.tiny_gguf_parts()))):
        weights = load_model(source).weights
        arrays = [*weights.embedding.values(), *weights.head.values(), *(a for layer in weights.layers for a in layer.values())]
        assert arrays and all(a.flags.writeable and a.dtype == np.float32 for a in arrays)


def test_the_weight_budget_is_checked_on_the_spec_before_a_tensor_is_read():
    """Qwen2-0.5B's sizes fit (its tied unembedding counted once); sizes inside every single range
    whose product is 64 GB of weights are refused from the spec alone."""
    from engine.models.checkpoint import check_spec
    from engine.models.spec import ModelSpec

    qwen = ModelSpec("llama", layers=24, dims=896, heads=14, kv_heads=2, ffn_dims=4864, eps=1e-6,
                     max_positions=32768, vocab_size=151936)
    check_spec("config.json", qwen)
    huge = ModelSpec("llama", layers=1024, dims=4096, heads=32, kv_heads=32, ffn_dims=4096, eps=1e-6,
                     max_positions=4096, vocab_size=32000)
    with pytest.raises(Problem, match="MB of weights as float32"):
        check_spec("config.json", huge)
