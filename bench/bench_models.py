"""Benchmark of the real models, run by hand: ``.venv/bin/python bench/bench_models.py``.

For MiniLM (all-MiniLM-L6-v2, BERT) and SmolLM2-135M (GGUF Q4_1, Llama) it prints:

* load time and peak RSS of ``engine.models.loading.load_model`` (each in a fresh child process, so
  the numbers are the model's alone; target for SmolLM2: ≤ 10 s and ≤ 1 GB);
* forward time of ``engine.models.forward.run_model`` at T = 8, 16 and 64 tokens (medians of
  interleaved rounds), side by side with PyTorch on one thread when ``torch`` and ``transformers``
  import: ``BertModel`` for MiniLM, ``LlamaForCausalLM`` holding the same dequantized weights for
  SmolLM2 (next-token logits only, ``logits_to_keep=1``); targets: ≤ 2× torch, MiniLM T = 16 ≤ 100 ms;
* a what-if re-run from the middle layer (``ZeroNormInput``) reusing the unedited run, against a full run;
* what the Model tab computes of a run besides it (``engine.models.analysis.analyse_run``, on the worker since
  the ModelSession), for the what-if run and for a new place of the same run (its norm fit only).

One BLAS thread (``OPENBLAS_NUM_THREADS=1``, as the app) unless already set. For the torch column run it
with the reference environment, which has torch, transformers, tokenizers, gguf and both model packages::

    /work/refenv/bin/python bench/bench_models.py
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

MODELS = ("minilm", "smollm2")
LENGTHS = (8, 16, 64)


def _peak_rss_mb() -> float:
    """This process's peak resident set (VmHWM; ru_maxrss would carry the parent's over exec)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _measure_load(name: str) -> None:
    """Child process: load ``name`` once and print its load time and peak RSS as JSON."""
    from engine.models.loading import load_model

    before = _peak_rss_mb()
    start = time.perf_counter()
    load_model(name)
    print(json.dumps({"seconds": time.perf_counter() - start, "peak_mb": _peak_rss_mb(), "before_mb": before}))


def _load_in_child(name: str) -> dict:
    done = subprocess.run([sys.executable, __file__, "--load-only", name], capture_output=True, text=True, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def _torch_model(model):
    """The same weights in transformers (None when torch or transformers are missing)."""
    try:
        import torch
        from transformers import BertModel, LlamaConfig, LlamaForCausalLM
    except ImportError:
        return None
    torch.set_num_threads(1)
    if model.spec.family == "bert":
        return BertModel.from_pretrained(str(model.source)).eval()
    s = model.spec
    config = LlamaConfig(vocab_size=s.vocab_size, hidden_size=s.dims, intermediate_size=s.ffn_dims,
                         num_hidden_layers=s.layers, num_attention_heads=s.heads, num_key_value_heads=s.kv_heads,
                         rms_norm_eps=s.eps, rope_theta=s.rope_theta, max_position_embeddings=s.max_positions,
                         tie_word_embeddings=True)
    llama = LlamaForCausalLM(config).eval()
    names = {"q": "self_attn.q_proj", "k": "self_attn.k_proj", "v": "self_attn.v_proj", "o": "self_attn.o_proj",
             "gate": "mlp.gate_proj", "up": "mlp.up_proj", "down": "mlp.down_proj"}
    state = {"model.embed_tokens.weight": np.asarray(model.weights.embedding["tokens"]),  # a GGUF's stays quantized
             "model.norm.weight": model.weights.head["norm.weight"]}
    for i, layer in enumerate(model.weights.layers):
        state.update({f"model.layers.{i}.{theirs}.weight": layer[ours] for ours, theirs in names.items()})
        state[f"model.layers.{i}.input_layernorm.weight"] = layer["attn_norm.weight"]
        state[f"model.layers.{i}.post_attention_layernorm.weight"] = layer["ffn_norm.weight"]
    llama.load_state_dict({k: torch.from_numpy(v) for k, v in state.items()}, strict=False)
    llama.tie_weights()
    return llama


def _torch_forward(torch_model, ids):
    import torch

    tensor = torch.tensor([ids])
    kwargs = {} if torch_model.__class__.__name__ == "BertModel" else {"logits_to_keep": 1}

    def forward():
        with torch.no_grad():
            torch_model(tensor, **kwargs)
    return forward


def _median_ms(times: list[float]) -> float:
    return 1000 * statistics.median(times)


def _bench_model(name: str, rounds: int, use_torch: bool) -> None:
    from engine.models.forward import run_model
    from engine.models.loading import load_model
    from engine.models.what_if import ZeroNormInput

    load = _load_in_child(name)
    print(f"\n{name}: load {load['seconds']:.2f} s, peak RSS {load['peak_mb']:.0f} MB "
          f"(Python + NumPy + packages before loading: {load['before_mb']:.0f} MB)")
    model = load_model(name)
    torch_model = _torch_model(model) if use_torch else None
    rng = np.random.default_rng(0)
    print(f"  {'T':>4} {'NumPy ms':>10} {'torch ms':>10} {'ratio':>7}")
    for t in LENGTHS:
        ids = tuple(int(i) for i in rng.integers(1000, 20000, size=t))
        candidates = {"numpy": lambda ids=ids: run_model(model, ids)}
        if torch_model is not None:
            candidates["torch"] = _torch_forward(torch_model, list(ids))
        times = {key: [] for key in candidates}
        gc.disable()
        for _ in range(2):  # warm-up
            for run in candidates.values():
                run()
        for _ in range(rounds):
            for key, run in candidates.items():
                start = time.perf_counter()
                run()
                times[key].append(time.perf_counter() - start)
        gc.enable()
        ours = _median_ms(times["numpy"])
        if "torch" in times:
            theirs = _median_ms(times["torch"])
            print(f"  {t:>4} {ours:>10.1f} {theirs:>10.1f} {ours / theirs:>6.2f}×")
        else:
            print(f"  {t:>4} {ours:>10.1f} {'–':>10} {'–':>7}")
    ids = tuple(int(i) for i in rng.integers(1000, 20000, size=16))
    base = run_model(model, ids)
    middle = model.spec.layers // 2
    edit = (ZeroNormInput(middle, "ffn_norm", 0),)
    reuse, full = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        run_model(model, ids, edit, base)
        reuse.append(time.perf_counter() - start)
        start = time.perf_counter()
        run_model(model, ids, edit)
        full.append(time.perf_counter() - start)
    print(f"  what-if at layer {middle} of {model.spec.layers}, T = 16: re-run {_median_ms(reuse):.1f} ms, "
          f"full run {_median_ms(full):.1f} ms ({_median_ms(reuse) / _median_ms(full):.2f}×)")
    from engine.models.analysis import analyse_run, loudest_norm
    from engine.models.tokenizer import Tokens

    tokens = Tokens(ids, tuple(str(i) for i in ids), False)
    edited = run_model(model, ids, edit, base)
    first = analyse_run(model, tokens, base, base)
    whole, place = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        analysed = analyse_run(model, tokens, base, edited, None, "", first)
        whole.append(time.perf_counter() - start)
        start = time.perf_counter()
        analyse_run(model, tokens, base, edited, loudest_norm(edited), "", analysed)
        place.append(time.perf_counter() - start)
    print(f"  analysis of the what-if run, T = 16: {_median_ms(whole):.1f} ms; a new place (its norm fit): "
          f"{_median_ms(place):.1f} ms")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10, help="interleaved timed rounds per length (default 10)")
    parser.add_argument("--models", default=",".join(MODELS), help="comma-separated (default minilm,smollm2)")
    parser.add_argument("--no-torch", action="store_true", help="skip the torch column even if torch imports")
    parser.add_argument("--load-only", metavar="NAME", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.load_only:
        _measure_load(args.load_only)
        return
    print(f"Python {sys.version.split()[0]}, NumPy {np.__version__}, "
          f"OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS')}")
    for name in args.models.split(","):
        _bench_model(name.strip(), args.rounds, not args.no_torch)


if __name__ == "__main__":
    main()
