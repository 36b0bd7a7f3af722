"""Generate ``eps_zero_reference.npz``: what PyTorch gives for ε = 0 where a norm divides 0 by 0, checked
by ``tests/test_eps_zero.py``. Seed 001 explains ε with exactly this case.

Generated with torch 2.13.0 (CPU, ``torch.set_num_threads(1)``), in a virtual environment of its own::

    python3 -m venv /tmp/torch-venv && /tmp/torch-venv/bin/pip install torch==2.13.0 numpy
    /tmp/torch-venv/bin/python tests/reference/make_eps_zero_reference.py     # from the repo root

Layout (plain numeric arrays; ``{dt}`` is ``f32`` or ``f64``):

``ln/{dt}/x``, ``ln/{dt}/gamma``, ``ln/{dt}/beta``, ``ln/{dt}/y``   ``F.layer_norm(x, (d,), γ, β, eps=0)`` of rows
    with no spread (5.0, 0.1, 1e4 + 0.3, zeros) beside ordinary ones; ``ln/{dt}/dx``: autograd's gradient of
    ``y.sum()`` without γ, β (NaN in the rows without spread, as the forward)
``rms/{dt}/x``, ``rms/{dt}/gamma``, ``rms/{dt}/y``, ``rms/{dt}/dx``   ``F.rms_norm(x, (d,), γ, eps=0)``: a zero
    row gives NaN, a constant non-zero row 1
``bn/{dt}/x``, ``bn/{dt}/y_kernel``   a (3, 2) batch whose first column has no spread, through
    ``torch.batch_norm`` in training with ε = 0 (the ATen kernel: it writes 0 for a 0 variance, and for 0.1 in
    float64 its rounded mean even gives −1); ``bn/training_refused`` (0-d, 1): ``F.batch_norm`` and
    ``nn.BatchNorm1d`` refuse ε = 0 in training ("batch_norm eps must be positive during training"), so
    PyTorch's public API has no value here: NormScope gives NaN, the 0 / 0 of its definition, as for LayerNorm.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

OUT = Path(__file__).resolve().parent / "eps_zero_reference.npz"

LN_ROWS = [[5.0, 5.0, 5.0, 5.0], [0.1, 0.1, 0.1, 0.1], [1e4 + 0.3] * 4, [0.0] * 4, [5.0, 5.0, 5.0, 6.0],
           [0.2, -1.3, 0.4, 0.7]]
RMS_ROWS = [[0.0] * 4, [5.0] * 4, [0.1, 0.1, 0.1, 0.1], [0.2, -1.3, 0.4, 0.7]]
GAMMA, BETA = [1.2, 0.8, 1.0, 1.1], [0.1, -0.1, 0.05, 0.2]
BN_X = [[0.1, 1.0], [0.1, 2.0], [0.1, 3.0]]


def main() -> None:
    torch.set_num_threads(1)
    out = {"meta/torch_version": np.array([int(p) for p in torch.__version__.split("+")[0].split(".")])}
    for dt, tdt in (("f32", torch.float32), ("f64", torch.float64)):
        x = torch.tensor(LN_ROWS, dtype=tdt)
        g, b = torch.tensor(GAMMA, dtype=tdt), torch.tensor(BETA, dtype=tdt)
        out |= {f"ln/{dt}/x": x.numpy(), f"ln/{dt}/gamma": g.numpy(), f"ln/{dt}/beta": b.numpy(),
                f"ln/{dt}/y": F.layer_norm(x, (4,), g, b, eps=0.0).numpy()}
        xg = x.clone().requires_grad_(True)
        (F.layer_norm(xg, (4,), eps=0.0) * torch.arange(1, 5, dtype=tdt)).sum().backward()
        out[f"ln/{dt}/dx"] = xg.grad.numpy()
        x = torch.tensor(RMS_ROWS, dtype=tdt)
        out |= {f"rms/{dt}/x": x.numpy(), f"rms/{dt}/gamma": g.numpy(),
                f"rms/{dt}/y": F.rms_norm(x, (4,), g, eps=0.0).numpy()}
        xg = x.clone().requires_grad_(True)
        (F.rms_norm(xg, (4,), eps=0.0) * torch.arange(1, 5, dtype=tdt)).sum().backward()
        out[f"rms/{dt}/dx"] = xg.grad.numpy()
        x = torch.tensor(BN_X, dtype=tdt)
        kernel = torch.batch_norm(x, None, None, torch.zeros(2, dtype=tdt), torch.ones(2, dtype=tdt), True, 0.1,
                                  0.0, False)
        out |= {f"bn/{dt}/x": x.numpy(), f"bn/{dt}/y_kernel": kernel.numpy()}
    try:
        F.batch_norm(torch.tensor(BN_X), torch.zeros(2), torch.ones(2), training=True, eps=0.0)
        refused = 0
    except ValueError:
        refused = 1
    out["bn/training_refused"] = np.array(refused)
    np.savez(OUT, **out)
    print(f"wrote {OUT} ({len(out)} arrays)")


if __name__ == "__main__":
    main()
