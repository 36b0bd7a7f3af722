"""Generate ``training_reference.npz``: the training lab's model trained for 20 steps in PyTorch.

``tests/test_training_reference.py`` checks the NumPy trainer against it. Run from the repo root
with the reference environment (torch 2.13.0, CPU, one thread; never a project dependency)::

    /work/refenv/bin/python tests/reference/make_training_reference.py

The NumPy engine makes the starting weights (``engine.training.init.init_params``) and the 20
batches (stdlib text, the run's own batch generator); both are exported into the file and the
torch model starts from exactly those numbers. The torch model is written independently here,
with ``torch.nn.functional`` and ``torch.optim.Adam``.

Layout (numeric arrays only; loads with ``allow_pickle=False``), per case name ``{c}``:

``{c}/settings``         the TrainSettings as UTF-8 JSON bytes (uint8)
``{c}/chars``            the vocabulary as Unicode code points (int32)
``{c}/ids``              (20, batch, seq + 1) int32 batches, one per step
``{c}/param/{name}``     the initial parameters (float32), named as the engine names them
``{c}/losses``           (20,) the loss of each step, before its update
``{c}/grad_norm``        0-d, the global gradient norm of step 1 (before clipping)
``{c}/layer_grad_norm``  (layers,) the norm of each block's gradients at step 1
``meta/torch_version``   e.g. [2, 13, 0]
"""

from __future__ import annotations

import dataclasses
import json
import math
import sys
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.training.data import load_corpus, sample_batch  # noqa: E402
from engine.training.init import init_params, sinusoidal_positions  # noqa: E402
from engine.training.settings import TrainSettings  # noqa: E402

OUT = Path(__file__).resolve().parent / "training_reference.npz"
STEPS = 20
CASES = {
    "pre_ln": TrainSettings(norm="layer", placement="pre", layers=2, width=32, heads=4, batch=16, seq=32,
                            lr=1e-3, warmup=0, seed=0, steps=STEPS),
    "post_ln": TrainSettings(norm="layer", placement="post", layers=2, width=32, heads=4, batch=16, seq=32,
                             lr=1e-3, warmup=10, clip=1.0, seed=1, steps=STEPS),
    "pre_rms_untied": TrainSettings(norm="rms", placement="pre", layers=2, width=32, heads=2, batch=8, seq=16,
                                    lr=3e-3, warmup=5, seed=2, steps=STEPS, position="learned", tied=False,
                                    activation="gelu", init="torch", embed_scale=1.0, beta2=0.999),
    "deepnorm": TrainSettings(norm="layer", placement="deepnorm", layers=3, width=16, heads=4, batch=8, seq=16,
                              lr=1e-3, warmup=5, seed=3, steps=STEPS),
    "peri_rms": TrainSettings(norm="rms", placement="peri", layers=2, width=16, heads=2, batch=8, seq=16,
                              lr=1e-3, warmup=4, schedule="inverse_sqrt", seed=4, steps=STEPS),
    "post_dyt": TrainSettings(norm="dyt", placement="post", layers=2, width=16, heads=4, batch=8, seq=16,
                              lr=1e-3, warmup=5, seed=5, steps=STEPS, clip=0.5),
}


def norm(s: TrainSettings, x, p: dict, name: str):
    if s.norm == "layer":
        return F.layer_norm(x, (s.width,), p[name + ".g"], p[name + ".b"], s.eps)
    if s.norm == "dyt":  # Zhu et al. 2025: a learned scalar inside tanh, then a per-feature affine
        return p[name + ".g"] * torch.tanh(p[name + ".a"] * x) + p[name + ".b"]
    return F.rms_norm(x, (s.width,), p[name + ".g"], s.eps)


def attention(s: TrainSettings, x, p: dict, pre: str):
    b, t, d = x.shape
    dh = d // s.heads

    def heads(w):
        return (x @ w).view(b, t, s.heads, dh).transpose(1, 2)

    q, k, v = heads(p[pre + "wq"]), heads(p[pre + "wk"]), heads(p[pre + "wv"])
    scores = q @ k.transpose(-1, -2) / math.sqrt(dh)
    mask = torch.ones(t, t, dtype=torch.bool).tril()
    scores = scores.masked_fill(~mask, float("-inf"))
    o = (scores.softmax(-1) @ v).transpose(1, 2).reshape(b, t, d)
    return o @ p[pre + "wo"]


def ffn(s: TrainSettings, x, p: dict, pre: str):
    act = F.relu if s.activation == "relu" else F.gelu
    return act(x @ p[pre + "w1"]) @ p[pre + "w2"]


def loss_of(s: TrainSettings, p: dict, ids):
    inputs, targets = ids[:, :-1], ids[:, 1:]
    t = inputs.shape[1]
    pos = p["pos"][:t] if s.position == "learned" else torch.from_numpy(sinusoidal_positions(t, s.width, np.float32))
    x = p["embed"][inputs] * s.embedding_scale + pos
    for layer in range(s.layers):
        pre = f"L{layer}."
        if s.placement == "pre":
            x = x + attention(s, norm(s, x, p, pre + "n1"), p, pre)
            x = x + ffn(s, norm(s, x, p, pre + "n2"), p, pre)
        elif s.placement == "peri":  # Kim et al. 2025: each sublayer's input and output normalised
            x = x + norm(s, attention(s, norm(s, x, p, pre + "n1"), p, pre), p, pre + "attn_norm")
            x = x + norm(s, ffn(s, norm(s, x, p, pre + "n2"), p, pre), p, pre + "ffn_norm")
        else:  # post, or DeepNorm (Wang et al. 2022, decoder-only: α = (2N)^(1/4) on the residual)
            alpha = (2 * s.layers) ** 0.25 if s.placement == "deepnorm" else 1.0
            x = norm(s, alpha * x + attention(s, x, p, pre), p, pre + "n1")
            x = norm(s, alpha * x + ffn(s, x, p, pre), p, pre + "n2")
    if s.placement in ("pre", "peri"):
        x = norm(s, x, p, "final")
    head = p["embed"].T if s.tied else p["head"]
    logits = x @ head
    return F.cross_entropy(logits.reshape(-1, logits.shape[-1]), targets.reshape(-1))


def run_case(s: TrainSettings, put) -> None:
    corpus = load_corpus(s.data, s.seq)
    params = init_params(s, corpus.vocab_size)
    rng = np.random.default_rng([s.seed, 1])  # the trainer's batch generator
    batches = np.stack([sample_batch(corpus.train, s.batch, s.seq, rng) for _ in range(STEPS)])
    put("settings", np.frombuffer(json.dumps(dataclasses.asdict(s)).encode(), np.uint8))
    put("chars", np.array([ord(c) for c in corpus.chars], np.int32))
    put("ids", batches.astype(np.int32))
    for name, value in params.items():
        put("param/" + name, value)
    p = {name: torch.tensor(value, requires_grad=True) for name, value in params.items()}
    opt = torch.optim.Adam(p.values(), lr=s.lr, betas=(s.beta1, s.beta2), eps=s.adam_eps, foreach=False)
    losses = []
    for step in range(1, STEPS + 1):
        for group in opt.param_groups:
            w = max(s.warmup, 1)  # Vaswani et al.'s decay, rescaled to peak at s.lr
            group["lr"] = (s.lr * min(step / w, math.sqrt(w / step)) if s.schedule == "inverse_sqrt"
                           else s.lr * min(1.0, step / s.warmup) if s.warmup else s.lr)
        opt.zero_grad()
        loss = loss_of(s, p, torch.from_numpy(batches[step - 1]).long())
        loss.backward()
        losses.append(loss.item())
        if step == 1:
            total = math.sqrt(sum(float(v.grad.double().square().sum()) for v in p.values()))
            layers = [math.sqrt(sum(float(v.grad.double().square().sum()) for n, v in p.items()
                                    if n.startswith(f"L{i}."))) for i in range(s.layers)]
            put("grad_norm", np.float64(total))
            put("layer_grad_norm", np.array(layers))
        if s.clip > 0:
            torch.nn.utils.clip_grad_norm_(p.values(), s.clip)
        opt.step()
    put("losses", np.array(losses))


def main() -> None:
    torch.set_num_threads(1)
    arrays: dict[str, np.ndarray] = {"meta/torch_version": np.array([int(x) for x in
                                                                      torch.__version__.split("+")[0].split(".")])}
    for case, settings in CASES.items():
        def put(key, value, case=case):
            arrays[f"{case}/{key}"] = np.asarray(value)
        run_case(settings, put)
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
