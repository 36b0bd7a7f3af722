"""Generate ``torch_reference.npz``: PyTorch outputs that ``tests/test_torch_reference.py`` checks
the NumPy engine against.

Generated with torch 2.13.0 (CPU build, ``torch.set_num_threads(1)``) and NumPy 2.4.6. PyTorch is
deliberately not a project dependency, so it lives in its own virtual environment::

    python3 -m venv /work/torchref-venv
    /work/torchref-venv/bin/pip install torch==2.13.0 numpy
    /work/torchref-venv/bin/python tests/reference/make_torch_reference.py     # from the repo root

The script writes ``tests/reference/torch_reference.npz`` next to itself (wherever it is run from).
Every input comes from a seeded NumPy generator, so re-running it reproduces the same values (the
zip container's timestamps differ, the arrays do not).

Layout (plain numeric arrays only; loads with ``allow_pickle=False``). ``{dt}`` is ``f32`` or
``f64``; every case exists in both, with the float64 input being the float32 input upcast, so the
two dtypes see exactly the same numbers, except the ``xian_*`` cases: there float64 holds the
seed's decimals and float32 their nearest float32 values.

``meta/torch_version``                 int array, e.g. [2, 13, 0]
``ln/{dt}/{case}/``                    ``F.layer_norm(x, (d,), gamma, beta, eps)``
    ``x``, ``eps`` (0-d), ``gamma`` and ``beta`` (only when used), ``y``
``rms/{dt}/{case}/``                   ``F.rms_norm(x, (d,), gamma, eps)``
    ``x``, ``gamma`` (only when used), ``eps`` (0-d; ABSENT means eps=None, i.e. finfo(dtype).eps),
    ``y``
``bn/{dt}/{case}/``                    ``nn.BatchNorm1d(d)`` run over consecutive batches
    ``eps``, ``momentum`` (0-d), ``gamma``/``beta`` (only when affine),
    ``running_mean0``/``running_var0`` (the buffers before step 0),
    ``step{k}/x``, ``step{k}/y``, ``step{k}/running_mean``, ``step{k}/running_var`` for each
    training step k = 0, 1, ... (buffers *after* that step), then the same four under ``eval/``
    for one ``.eval()`` forward that uses the buffers left by the last training step.
``act/{dt}/x``                          the grid -10..10 in steps of 1/16
``act/{dt}/{fn}/``                     ``fn`` one of gelu (``F.gelu(x, approximate='none')``), gelu_tanh
    (``approximate='tanh'``), silu, swish_b1.5 (x · sigmoid(1.5 x)), relu: ``y``, and ``grad`` (dy/dx by
    autograd; not for relu)
``block/inputs/``                      the shared block input ``x``, output gradient ``dy``, ``gamma``,
    ``beta`` (float64; float32 cases use them rounded, all are exact in float32) and the weights
    ``wq wk wv wo w1 w2 w3`` (T = 6, d = 8, 2 heads, hidden 16), each applied as ``x @ W``
``block/{dt}/{norm}_{placement}_{activation}[_{tiny,huge}]/``   one block of engine/core/block.py (Post-Norm
    cases with the causal mask) run forward and backward with autograd, ``dy`` scaled by ``dy_scale``
    (0-d): ``weight_grad_norm`` (0-d, ‖all weight gradients‖ in float64 from torch's gradients) always;
    with dy_scale 1 also every stage but the input (``norm1 attn add1 norm2 ffn add2``) and ``dx``; in
    layer_pre_gelu, batch_post_gelu and batch_post_swiglu ``d{w}`` for each weight. float64: every
    norm × placement with GELU, plus GELU-tanh and SwiGLU; float32: tiny (1e-30) and huge (1e30) output
    gradients.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

OUT = Path(__file__).resolve().parent / "torch_reference.npz"
SEED = 20240611

# Seed 000 §2.4: 今天 西安 的 天气 怎么样 ？ after RoPE, d = 4, with its demonstration γ and β.
XIAN_MATRIX = [
    [0.320, -1.070, 0.880, 0.050],
    [-1.079, 0.004, 0.277, -0.717],
    [0.030, 0.464, 0.946, 0.200],
    [0.234, -1.267, -0.210, 0.654],
    [-0.390, -0.681, -0.947, 0.402],
    [0.800, 0.362, 0.382, -1.031],
]
XIAN_GAMMA = [1.2, 0.8, 1.0, 1.1]
XIAN_BETA = [0.1, -0.1, 0.05, 0.2]

DTYPES = {"f32": (np.float32, torch.float32), "f64": (np.float64, torch.float64)}

arrays: dict[str, np.ndarray] = {}
rng = np.random.default_rng(SEED)


def put(key: str, value) -> None:
    if key in arrays:
        raise KeyError(f"duplicate key {key}")
    value = np.asarray(value)
    if value.dtype.kind not in "fiu":
        raise TypeError(f"{key}: only numeric arrays are stored, got {value.dtype}")
    arrays[key] = value


def f32_exact(a) -> np.ndarray:
    """``a`` rounded to float32 and returned as float64, so both dtypes get the same numbers."""
    return np.asarray(a, dtype=np.float64).astype(np.float32).astype(np.float64)


def quantized(shape, scale: float = 1.0, step: float = 1 / 1024) -> np.ndarray:
    """Normal values on a 2^-10 grid: exact in float32 and cheap to store."""
    return np.round(rng.standard_normal(shape) * scale / step) * step


def affine_pair(d: int) -> tuple[np.ndarray, np.ndarray]:
    gamma = 1.0 + np.round(rng.standard_normal(d) * 0.25 * 64) / 64
    beta = np.round(rng.standard_normal(d) * 0.5 * 64) / 64
    return gamma, beta


def t(a: np.ndarray, tdt) -> torch.Tensor:
    return torch.from_numpy(np.ascontiguousarray(a)).to(tdt)


# --- LayerNorm ---------------------------------------------------------------------------------


def layer_norm_case(name: str, x, gamma=None, beta=None, eps: float = 1e-5, shared_input: bool = True) -> None:
    """``shared_input=False`` keeps float64 inputs as given (the seed's decimals) instead of f32-rounded."""
    r = f32_exact if shared_input else (lambda a: np.asarray(a, dtype=np.float64))
    x = r(x)
    gamma = None if gamma is None else r(gamma)
    beta = None if beta is None else r(beta)
    d = x.shape[-1]
    for dt, (ndt, tdt) in DTYPES.items():
        p = f"ln/{dt}/{name}"
        xt = t(x, tdt)
        gt = None if gamma is None else t(gamma, tdt)
        bt = None if beta is None else t(beta, tdt)
        y = F.layer_norm(xt, (d,), gt, bt, eps).numpy()
        assert y.dtype == ndt
        put(f"{p}/x", x.astype(ndt))
        put(f"{p}/eps", np.float64(eps))
        if gamma is not None:
            put(f"{p}/gamma", gamma.astype(ndt))
        if beta is not None:
            put(f"{p}/beta", beta.astype(ndt))
        put(f"{p}/y", y)


def build_layer_norm() -> None:
    layer_norm_case("xian_affine", XIAN_MATRIX, XIAN_GAMMA, XIAN_BETA, 1e-5, shared_input=False)
    layer_norm_case("xian_plain", XIAN_MATRIX, eps=1e-5, shared_input=False)
    for shape in [(6, 4), (3, 5, 16), (2, 768)]:
        tag = "x".join(map(str, shape))
        x = quantized(shape, scale=1.5) + 0.3
        gamma, beta = affine_pair(shape[-1])
        layer_norm_case(f"{tag}_eps1e-5_affine", x, gamma, beta, 1e-5)
        layer_norm_case(f"{tag}_eps0_plain", x, eps=0.0)
        if shape != (2, 768):  # the wide case twice is enough; it dominates the file size
            layer_norm_case(f"{tag}_eps1e-5_plain", x, eps=1e-5)
            layer_norm_case(f"{tag}_eps1e-3_affine", x, gamma, beta, 1e-3)
            layer_norm_case(f"{tag}_eps0_affine", x, gamma, beta, 0.0)
    # Small spread, where eps = 1e-3 is no longer negligible against the variance.
    x = quantized((4, 8), scale=0.03, step=2**-14)
    gamma, beta = affine_pair(8)
    layer_norm_case("4x8_smallvar_eps1e-3_affine", x, gamma, beta, 1e-3)
    layer_norm_case("4x8_smallvar_eps1e-5_plain", x, eps=1e-5)
    # Rows 1e4 + N(0, 1): the float32 one-pass E[x²] − E[x]² would lose everything here.
    x = 1e4 + rng.standard_normal((4, 256))
    gamma, beta = affine_pair(256)
    layer_norm_case("4x256_mean1e4_plain", x, eps=1e-5)
    layer_norm_case("4x256_mean1e4_affine", x, gamma, beta, 1e-5)
    # Constant rows (variance exactly 0, so only eps keeps 1/σ finite) mixed with ordinary rows.
    x = np.array(
        [
            [3.7] * 6,
            [0.0] * 6,
            [-2.5, 1.0, 0.25, 4.0, -1.0, 0.5],
            [1e4] * 6,
            [-0.001] * 6,
        ]
    )
    gamma, beta = affine_pair(6)
    layer_norm_case("5x6_constrows_eps1e-5_plain", x, eps=1e-5)
    layer_norm_case("5x6_constrows_eps1e-5_affine", x, gamma, beta, 1e-5)
    layer_norm_case("5x6_constrows_eps1e-3_affine", x, gamma, beta, 1e-3)


# --- RMSNorm -----------------------------------------------------------------------------------


def rms_norm_case(name: str, x, gamma=None, eps: float | None = None, shared_input: bool = True) -> None:
    r = f32_exact if shared_input else (lambda a: np.asarray(a, dtype=np.float64))
    x = r(x)
    gamma = None if gamma is None else r(gamma)
    d = x.shape[-1]
    for dt, (ndt, tdt) in DTYPES.items():
        p = f"rms/{dt}/{name}"
        gt = None if gamma is None else t(gamma, tdt)
        y = F.rms_norm(t(x, tdt), (d,), gt, eps).numpy()
        assert y.dtype == ndt
        put(f"{p}/x", x.astype(ndt))
        if eps is not None:
            put(f"{p}/eps", np.float64(eps))
        if gamma is not None:
            put(f"{p}/gamma", gamma.astype(ndt))
        put(f"{p}/y", y)


def build_rms_norm() -> None:
    x16 = quantized((3, 5, 16), scale=1.2)
    g16, _ = affine_pair(16)
    # Mean squares near 1e-8: here eps = finfo(float32).eps ≈ 1.19e-7, finfo(float64).eps ≈ 2.2e-16
    # and 1e-6 give visibly different outputs, so the default-eps rule is really tested.
    # The last row is all zeros (output 0 whatever eps is).
    small = np.vstack([quantized((3, 8), scale=1e-4, step=2**-30), np.zeros((1, 8))])
    gsmall, _ = affine_pair(8)
    for eps_tag, eps in (("epsNone", None), ("eps1e-6", 1e-6)):
        rms_norm_case(f"xian_{eps_tag}_gamma", XIAN_MATRIX, XIAN_GAMMA, eps, shared_input=False)
        rms_norm_case(f"xian_{eps_tag}_plain", XIAN_MATRIX, None, eps, shared_input=False)
        rms_norm_case(f"3x5x16_{eps_tag}_gamma", x16, g16, eps)
        rms_norm_case(f"3x5x16_{eps_tag}_plain", x16, None, eps)
        rms_norm_case(f"4x8_tiny_{eps_tag}_gamma", small, gsmall, eps)
        rms_norm_case(f"4x8_tiny_{eps_tag}_plain", small, None, eps)


# --- BatchNorm1d -------------------------------------------------------------------------------


def batch_norm_case(name: str, batches, momentum: float, affine: bool, eps: float, eval_x) -> None:
    batches = [f32_exact(b) for b in batches]
    eval_x = f32_exact(eval_x)
    d = batches[0].shape[1]
    gamma, beta = affine_pair(d)
    gamma, beta = f32_exact(gamma), f32_exact(beta)
    for dt, (ndt, tdt) in DTYPES.items():
        p = f"bn/{dt}/{name}"
        bn = torch.nn.BatchNorm1d(d, eps=eps, momentum=momentum, affine=affine, dtype=tdt)
        if affine:
            with torch.no_grad():
                bn.weight.copy_(t(gamma, tdt))
                bn.bias.copy_(t(beta, tdt))
            put(f"{p}/gamma", gamma.astype(ndt))
            put(f"{p}/beta", beta.astype(ndt))
        put(f"{p}/eps", np.float64(eps))
        put(f"{p}/momentum", np.float64(momentum))
        put(f"{p}/running_mean0", bn.running_mean.numpy().copy())
        put(f"{p}/running_var0", bn.running_var.numpy().copy())
        bn.train()
        steps = [(f"step{k}", b) for k, b in enumerate(batches)]
        for tag, x in steps + [("eval", eval_x)]:
            if tag == "eval":
                bn.eval()
            with torch.no_grad():
                y = bn(t(x, tdt)).numpy()
            assert y.dtype == ndt
            put(f"{p}/{tag}/x", x.astype(ndt))
            put(f"{p}/{tag}/y", y)
            put(f"{p}/{tag}/running_mean", bn.running_mean.numpy().copy())
            put(f"{p}/{tag}/running_var", bn.running_var.numpy().copy())


def build_batch_norm() -> None:
    d = 6
    col_mean = np.array([0.0, 2.0, -3.0, 0.5, 10.0, -0.25])
    col_std = np.array([1.0, 0.5, 3.0, 0.1, 2.0, 1.5])

    def batch(n: int) -> np.ndarray:
        return col_mean + quantized((n, d)) * col_std

    batches = [batch(8) for _ in range(5)]
    batch_norm_case("m0.1_affine_T8", batches, 0.1, True, 1e-5, batch(4))
    # Batch sizes change from step to step (down to 2, where the unbiased factor n/(n−1) is 2).
    batches = [batch(n) for n in (16, 5, 2, 9, 3)]
    batch_norm_case("m0.3_plain_Tvar", batches, 0.3, False, 1e-5, batch(7))
    batches = [batch(n) for n in (12, 12, 12, 12, 12)]
    batch_norm_case("m0.3_affine_T12_eps1e-3", batches, 0.3, True, 1e-3, batch(3))


# --- activations -------------------------------------------------------------------------------

ACTIVATIONS = {
    "gelu": lambda v: F.gelu(v, approximate="none"),
    "gelu_tanh": lambda v: F.gelu(v, approximate="tanh"),
    "silu": F.silu,
    "swish_b1.5": lambda v: v * torch.sigmoid(1.5 * v),
    "relu": F.relu,
}


def build_activations() -> None:
    grid = np.arange(-160, 161) / 16.0  # -10 .. 10 in steps of 1/16, all exact in float32
    for dt, (ndt, tdt) in DTYPES.items():
        put(f"act/{dt}/x", grid.astype(ndt))
        for fname, fn in ACTIVATIONS.items():
            x = t(grid, tdt).requires_grad_(True)
            y = fn(x)
            (grad,) = torch.autograd.grad(y.sum(), x)
            assert y.dtype == grad.dtype == tdt
            put(f"act/{dt}/{fname}/y", y.detach().numpy())
            if fname != "relu":
                put(f"act/{dt}/{fname}/grad", grad.numpy())


# --- one Transformer block (engine/core/block.py), forward and autograd backward --------------------

BLOCK_T, BLOCK_D, BLOCK_HEADS, BLOCK_HIDDEN = 6, 8, 2, 16
WEIGHT_NAMES = ("wq", "wk", "wv", "wo", "w1", "w2", "w3")


def _block_norm(kind: str, x, gamma, beta, eps: float):
    if kind == "layer":
        return F.layer_norm(x, (x.shape[-1],), gamma, beta, eps)
    if kind == "rms":
        return F.rms_norm(x, (x.shape[-1],), gamma, eps)
    if kind == "batch":  # training mode: the batch's statistics
        return F.batch_norm(x, None, None, gamma, beta, training=True, eps=eps)
    return x


def _attention(x, w, heads: int, causal: bool):
    t_, d = x.shape
    dh = d // heads

    def split(m):
        return m.reshape(t_, heads, dh).transpose(0, 1)

    q, k, v = split(x @ w["wq"]), split(x @ w["wk"]), split(x @ w["wv"])
    scores = (q @ k.transpose(1, 2)) * (1.0 / dh**0.5)
    if causal:
        scores = scores.masked_fill(~torch.tril(torch.ones(t_, t_, dtype=torch.bool)), float("-inf"))
    o = (torch.softmax(scores, dim=-1) @ v).transpose(0, 1).reshape(t_, d)
    return o @ w["wo"]


def _ffn(x, w, activation: str):
    h = x @ w["w1"]
    if activation == "swiglu":
        return (F.silu(h) * (x @ w["w3"])) @ w["w2"]
    return ACTIVATIONS[activation](h) @ w["w2"]


def _block(x, w, case: dict):
    def norm(v):
        return _block_norm(case["norm"], v, case["gamma"], case["beta"], case["eps"])

    if case["placement"] == "pre":
        n1 = norm(x)
        a = _attention(n1, w, case["heads"], case["causal"])
        h = x + a
        n2 = norm(h)
        f = _ffn(n2, w, case["activation"])
        return {"input": x, "norm1": n1, "attn": a, "add1": h, "norm2": n2, "ffn": f, "add2": h + f}
    a = _attention(x, w, case["heads"], case["causal"])
    s1 = x + a
    h = norm(s1)
    f = _ffn(h, w, case["activation"])
    s2 = h + f
    return {"input": x, "attn": a, "add1": s1, "norm1": h, "ffn": f, "add2": s2, "norm2": norm(s2)}


def block_case(name: str, dt: str, norm: str, placement: str, activation: str, causal: bool,
               dy_scale: float = 1.0, weight_grads: bool = False) -> None:
    """One block on the shared input and weights; ``dy_scale`` scales the output gradient (float32
    cases at 1e±30 pin the weight-gradient norm where float32 Gram products under- or overflow);
    ``weight_grads`` stores each weight's gradient too (a few cases: they dominate the file)."""
    ndt, tdt = DTYPES[dt]
    p = f"block/{dt}/{name}"
    w = {n: t(BLOCK[n], tdt).requires_grad_(True) for n in WEIGHT_NAMES if activation == "swiglu" or n != "w3"}
    x = t(BLOCK["x"], tdt).requires_grad_(True)
    gamma = beta = None
    if norm != "none":
        gamma, beta = t(BLOCK["gamma"], tdt), t(BLOCK["beta"], tdt)
        if norm == "rms":
            beta = None
    case = dict(norm=norm, placement=placement, activation=activation, causal=causal, heads=BLOCK_HEADS,
                gamma=gamma, beta=beta, eps=1e-5)
    stages = _block(x, w, case)
    dy = t(BLOCK["dy"] * dy_scale, tdt)
    names = list(w)
    grads = torch.autograd.grad(list(stages.values())[-1], [x] + [w[n] for n in names], grad_outputs=dy)
    put(f"{p}/dy_scale", np.float64(dy_scale))
    if dy_scale == 1.0:
        for stage, value in stages.items():
            if stage != "input":
                put(f"{p}/{stage}", value.detach().numpy())
        put(f"{p}/dx", grads[0].numpy())
    if weight_grads:
        for n, g in zip(names, grads[1:]):
            put(f"{p}/d{n}", g.numpy())
    # The norm of all the weight gradients together, from torch's own gradients (widened: exact sums).
    total = sum(np.sum(g.numpy().astype(np.float64) ** 2) for g in grads[1:])
    put(f"{p}/weight_grad_norm", np.float64(np.sqrt(total)))


BLOCK: dict[str, np.ndarray] = {}


def build_blocks() -> None:
    """Stages and gradients of one block in float64 for every norm, placement and activation that
    GELU's exactness matters to, and float32 weight-gradient norms for tiny and huge gradients."""
    brng = np.random.default_rng([SEED, 7])  # its own stream: adding blocks leaves the other cases alone

    def q(shape, scale):
        return np.round(brng.standard_normal(shape) * scale * 1024) / 1024

    d, hidden = BLOCK_D, BLOCK_HIDDEN
    BLOCK.update(x=q((BLOCK_T, d), 1.0) + 0.25, dy=q((BLOCK_T, d), 1.0),
                 gamma=1.0 + q(d, 0.25), beta=q(d, 0.5))
    for n in ("wq", "wk", "wv", "wo"):
        BLOCK[n] = q((d, d), d**-0.5)
    BLOCK.update(w1=q((d, hidden), d**-0.5), w2=q((hidden, d), d**-0.5), w3=q((d, hidden), d**-0.5))
    for key, value in BLOCK.items():
        put(f"block/inputs/{key}", value)
    for norm in ("layer", "rms", "batch", "none"):
        for placement in ("pre", "post"):
            block_case(f"{norm}_{placement}_gelu", "f64", norm, placement, "gelu", causal=placement == "post",
                       weight_grads=(norm, placement) in (("layer", "pre"), ("batch", "post")))
    block_case("layer_pre_gelu_tanh", "f64", "layer", "pre", "gelu_tanh", causal=False)
    block_case("batch_post_swiglu", "f64", "batch", "post", "swiglu", causal=True, weight_grads=True)
    for norm, placement in (("layer", "pre"), ("batch", "post"), ("none", "pre")):
        for scale_tag, scale in (("tiny", 1e-30), ("huge", 1e30)):
            block_case(f"{norm}_{placement}_gelu_{scale_tag}", "f32", norm, placement, "gelu",
                       causal=placement == "post", dy_scale=scale)


def main() -> None:
    torch.manual_seed(0)
    torch.set_num_threads(1)
    version = [int(part) for part in torch.__version__.split("+")[0].split(".")[:3]]
    put("meta/torch_version", np.array(version, dtype=np.int64))
    build_layer_norm()
    build_rms_norm()
    build_batch_norm()
    build_activations()
    build_blocks()

    np.savez_compressed(OUT, **arrays)
    with np.load(OUT, allow_pickle=False) as check:
        assert sorted(check.files) == sorted(arrays)
        for key in check.files:
            np.testing.assert_array_equal(check[key], arrays[key])
            assert check[key].dtype == arrays[key].dtype
    print(f"torch {torch.__version__}: wrote {len(arrays)} arrays to {OUT} ({os.path.getsize(OUT)} bytes)")


if __name__ == "__main__":
    main()
