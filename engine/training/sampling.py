"""Text sampled from a trained model, one character at a time (softmax with a temperature)."""

from __future__ import annotations

import time

import numpy as np

from engine.training.data import Corpus
from engine.training.init import Params
from engine.training.model import next_token_logits
from engine.training.settings import TrainSettings


def sample_text(params: Params, settings: TrainSettings, corpus: Corpus, prompt: str, length: int,
                rng: np.random.Generator, temperature: float = 1.0, seconds: float | None = None) -> str:
    """``prompt`` followed by ``length`` sampled characters (characters the corpus lacks are dropped
    from the prompt; an empty prompt starts from the corpus's first character). ``temperature`` 0
    picks the most likely character every time. With ``seconds``, sampling stops when that much time
    has passed, with fewer characters (a machine slower than the estimate of engine.training.budget)."""
    ids = list(corpus.encode(prompt)) or [int(corpus.train[0])]
    deadline = None if seconds is None else time.monotonic() + seconds
    with np.errstate(all="ignore"):
        for _ in range(length):
            if deadline is not None and time.monotonic() > deadline:
                break
            logits = next_token_logits(params, settings, np.array(ids, np.int64)).astype(np.float64)
            if temperature <= 0 or not np.all(np.isfinite(logits)):
                ids.append(int(np.argmax(np.nan_to_num(logits, nan=-np.inf))))
                continue
            z = logits / temperature
            p = np.exp(z - z.max())
            ids.append(int(rng.choice(len(p), p=p / p.sum())))
    return corpus.decode(ids)
