"""Generate ``variants_reference.npz``: a PyTorch re-implementation of the norm variants' blocks and
stacks (DyT, Peri-Norm, DeepNorm, Mix-LN, QK-Norm, LayerNorm scaling), differentiated by autograd,
that ``tests/test_variants_reference.py`` checks the NumPy engine's forward and hand-written backward
against.

Generated with torch 2.13.0 (CPU, one thread), float64, from the repo root, in an environment that
has torch (it is never a project dependency)::

    /path/to/torch-venv/bin/python tests/reference/make_variants_reference.py

The weights and the loss target come from the engine itself (``engine.core.weights.layer_weights``,
``engine.core.depth.loss_target``: seeded NumPy, pure), so both sides run the same network; the input is
a seeded NumPy draw. Only the maths is PyTorch's.

Layout (numeric arrays only; loads with ``allow_pickle=False``):
``x``, ``dy``, ``gamma``, ``beta``                       the shared inputs (T = 5, d = 8, float64)
``block/{norm}/{placement}/{qk}/{stage}``                  every stage of one block (heads 2, GELU)
``block/{norm}/{placement}/{qk}/dx``                       ∂ sum(out ⊙ dy) / ∂x
``stack/{placement}/{scaling}/rms``, ``.../weight_grad``   a 6-layer stack: RMS after each layer and
    the weight-gradient norm of each layer for L = mean(out ⊙ R); ``input_grad`` likewise
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np
import torch

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from engine.core.depth import deepnorm_constants, loss_target  # noqa: E402
from engine.core.weights import layer_weights  # noqa: E402

OUT = Path(__file__).resolve().parent / "variants_reference.npz"
T, D, HEADS, SEED = 5, 8, 2, 3
NORMS = ("layer", "rms", "batch", "dyt", "none")
BLOCK_PLACEMENTS = ("pre", "post", "peri", "deepnorm")
DYT_ALPHA, DEEPNORM_ALPHA = 0.7, 1.7
torch.set_num_threads(1)
torch.set_default_dtype(torch.float64)

rng = np.random.default_rng(20261201)
X = rng.standard_normal((T, D))
DY = rng.standard_normal((T, D))
GAMMA = rng.uniform(0.5, 1.5, D)
BETA = rng.uniform(-0.5, 0.5, D)
arrays: dict[str, np.ndarray] = {"x": X, "dy": DY, "gamma": GAMMA, "beta": BETA}


def tensor(a) -> torch.Tensor:
    return torch.tensor(np.asarray(a, dtype=np.float64))


def norm(kind: str, x: torch.Tensor, gamma, beta, eps: float = 1e-5) -> torch.Tensor:
    g, b = tensor(gamma), tensor(beta)
    if kind == "layer":
        return torch.nn.functional.layer_norm(x, (x.shape[-1],), g, b, eps)
    if kind == "rms":
        return torch.nn.functional.rms_norm(x, (x.shape[-1],), g, eps)
    if kind == "batch":
        return torch.nn.functional.batch_norm(x, None, None, g, b, training=True, eps=eps)
    if kind == "dyt":
        return g * torch.tanh(DYT_ALPHA * x) + b
    return x


def weight_tensors(w, requires_grad: bool = False) -> dict[str, torch.Tensor]:
    return {name: tensor(m).requires_grad_(requires_grad) for name, m in w.matrices().items()}


def attention(x: torch.Tensor, w: dict, qk: str | None) -> torch.Tensor:
    t, d = x.shape
    dh = d // HEADS

    def split(m):
        return m.reshape(t, HEADS, dh).transpose(0, 1)

    q, k, v = split(x @ w["wq"]), split(x @ w["wk"]), split(x @ w["wv"])
    if qk == "rms":
        q, k = (torch.nn.functional.rms_norm(m, (dh,), None, 1e-6) for m in (q, k))
    elif qk == "layer":
        q, k = (torch.nn.functional.layer_norm(m, (dh,), None, None, 1e-5) for m in (q, k))
    p = torch.softmax(q @ k.transpose(1, 2) / math.sqrt(dh), dim=-1)
    return (p @ v).transpose(0, 1).reshape(t, d) @ w["wo"]


def ffn(x: torch.Tensor, w: dict) -> torch.Tensor:
    return torch.nn.functional.gelu(x @ w["w1"]) @ w["w2"]


def block(x, w, kind, placement, qk, gamma, beta, alpha=1.0, scale=1.0):
    """(stages, output) of one block, as engine.core.block orders them."""
    def n(z):
        return norm(kind, z, gamma, beta)

    if placement in ("pre", "peri"):
        n1 = n(x) * scale
        a = attention(n1, w, qk)
        stages = {"input": x, "norm1": n1, "attn": a}
        a_out = n(a) if placement == "peri" else a
        if placement == "peri":
            stages["attn_norm"] = a_out
        h = x + a_out
        n2 = n(h) * scale
        f = ffn(n2, w)
        stages.update(add1=h, norm2=n2, ffn=f)
        f_out = n(f) if placement == "peri" else f
        if placement == "peri":
            stages["ffn_norm"] = f_out
        stages["add2"] = h + f_out
        return stages, stages["add2"]
    a = attention(x, w, qk)
    s1 = alpha * x + a
    h = n(s1)
    f = ffn(h, w)
    s2 = alpha * h + f
    y = n(s2)
    return {"input": x, "attn": a, "add1": s1, "norm1": h, "ffn": f, "add2": s2, "norm2": y}, y


def block_cases() -> None:
    w = weight_tensors(layer_weights(SEED, 0, D, 2 * D, False, "float64"))
    for kind in NORMS:
        for placement in BLOCK_PLACEMENTS:
            for qk in (None, "layer", "rms"):
                if qk == "rms" and kind != "rms" or qk == "layer" and kind == "rms":
                    continue  # QK-Norm follows the block's norm: RMSNorm under RMSNorm, LayerNorm otherwise
                x = tensor(X).requires_grad_(True)
                alpha = DEEPNORM_ALPHA if placement == "deepnorm" else 1.0
                stages, out = block(x, w, kind, placement, qk, GAMMA, BETA, alpha)
                (out * tensor(DY)).sum().backward()
                key = f"block/{kind}/{placement}/{qk or 'plain'}"
                for name, value in stages.items():
                    arrays[f"{key}/{name}"] = value.detach().numpy()
                arrays[f"{key}/dx"] = x.grad.numpy()


def stack_case(placement: str, scaling: bool, layers: int = 6) -> None:
    gain = deepnorm_constants(layers)[1] if placement == "deepnorm" else 1.0
    alpha = deepnorm_constants(layers)[0] if placement == "deepnorm" else 1.0
    params = [weight_tensors(layer_weights(SEED, layer, D, 4 * D, False, "float64", "fan_in", gain), True)
              for layer in range(layers)]
    x = tensor(X).requires_grad_(True)
    h, rms, inputs = x, [float(x.detach().square().mean().sqrt())], []
    for layer in range(layers):
        block_placement = placement
        if placement == "mixln":
            block_placement = "post" if layer < layers // 4 else "pre"
        scale = 1.0 / math.sqrt(layer + 1) if scaling and block_placement == "pre" else 1.0
        h.retain_grad()
        inputs.append(h)
        _, h = block(h, params[layer], "layer", block_placement, None, np.ones(D), np.zeros(D), alpha, scale)
        rms.append(float(h.detach().square().mean().sqrt()))
    out = norm("layer", h, np.ones(D), np.zeros(D)) if placement in ("pre", "peri", "mixln") else h
    target = tensor(loss_target(SEED, out.shape, np.dtype("float64")))
    (out * target).mean().backward()
    key = f"stack/{placement}/{'scaled' if scaling else 'plain'}"
    arrays[f"{key}/rms"] = np.array(rms)
    arrays[f"{key}/weight_grad"] = np.array(
        [math.sqrt(sum(float(p.grad.square().sum()) for p in ps.values())) for ps in params])
    arrays[f"{key}/input_grad"] = np.array([float(i.grad.square().sum().sqrt()) for i in inputs])


def main() -> None:
    block_cases()
    for placement, scaling in (("pre", False), ("post", False), ("peri", False), ("deepnorm", False),
                               ("mixln", False), ("pre", True), ("mixln", True)):
        stack_case(placement, scaling)
    arrays["meta/torch_version"] = np.array([int(p) for p in torch.__version__.split("+")[0].split(".")[:3]])
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {len(arrays)} arrays to {OUT}")


if __name__ == "__main__":
    main()
