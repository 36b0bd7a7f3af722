"""The training log as CSV: ``train_log.csv`` (``step,loss,val_loss,lr,grad_norm,grad_L1,…,grad_LN``)
and ``layer_log.csv`` (``step,layer,grad_norm,update_ratio,residual_rms,max_logit``), written line by
line by the headless command as it trains and from a run's history by the Training tab's export.
Numbers in the shortest text that reads back exactly; NaN (a step without validation) as an empty cell.
"""

from __future__ import annotations

import io
import math
from typing import TextIO

import numpy as np

from engine.training.history import RunHistory


def number(x: float) -> str:
    """The shortest text that reads back exactly; empty for NaN."""
    return "" if math.isnan(x) else repr(float(x))


def train_log_header(layers: int) -> str:
    return ",".join(["step", "loss", "val_loss", "lr", "grad_norm"] + [f"grad_L{i + 1}" for i in range(layers)]) + "\n"


def train_log_line(step: int, loss: float, val_loss: float, lr: float, grad_norm: float, layer_grad) -> str:
    return ",".join([str(step)] + [number(x) for x in (loss, val_loss, lr, grad_norm, *layer_grad)]) + "\n"


LAYER_LOG_HEADER = "step,layer,grad_norm,update_ratio,residual_rms,max_logit\n"


def layer_log_lines(step: int, grad_norm, update_ratio, residual_rms, max_logit) -> str:
    """One line per layer (layer 1 first) of one step's per-layer measurements."""
    return "".join(f"{step},{i + 1}," + ",".join(map(number, values)) + "\n"
                   for i, values in enumerate(zip(grad_norm, update_ratio, residual_rms, max_logit)))


def write_train_log(out: TextIO, history: RunHistory) -> None:
    """``history``'s filled rows as ``train_log.csv``."""
    layers = history.layer_values("layer_grad_norm", np.arange(history.count))
    out.write(train_log_header(layers.shape[1]))
    for i in range(history.count):
        out.write(train_log_line(int(history.steps[i]), history.loss[i], history.val_loss[i], history.lr[i],
                                 history.grad_norm[i], layers[i]))


def train_log_text(history: RunHistory) -> str:
    """``history`` as the text of ``train_log.csv``."""
    buffer = io.StringIO()
    write_train_log(buffer, history)
    return buffer.getvalue()

