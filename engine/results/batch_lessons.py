"""Why Transformers use LayerNorm, not BatchNorm: the numbers behind the teaching panels.

Seed 000 (table 5-3) says BatchNorm depends on the batch, can't run on one token at generation
time, and needs running statistics; seed 001 says LayerNorm forgets a row's scale and γ/β can't
bring it back. Each function here turns one of those sentences into arrays, using the norms of
``engine.core.norms`` (never a re-implementation), so a view only draws them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

from engine.core.norms import as_float_array, batch_norm, layer_norm
from engine.setup.scenario import Scenario

#: The BatchNorm lab replays a norm once per batch size; past this many tokens it keeps the first.
LAB_MAX_TOKENS = 64

#: Seed 001: 苹果, 吃 (苹果 scaled by 10) and 苹果 with its middle dimensions swapped.
SCALE_ROWS: tuple[tuple[float, ...], ...] = ((2, 4, 6, 8), (20, 40, 60, 80), (2, 6, 4, 8))


def first_tokens(s: Scenario, limit: int = LAB_MAX_TOKENS) -> Scenario:
    """``s`` cut to its first ``limit`` tokens (``s`` itself when it has no more than that).

    Parameters
    ----------
    s : Scenario
    limit : int
        The largest number of tokens to keep, at least 1.
    """
    if limit < 1:
        raise ValueError(f"limit must be at least 1, got {limit}")
    if s.tokens <= limit:
        return s
    return s.replace(matrix=s.matrix[:limit], labels=s.labels[:limit])


#: Values near float's limits overflow the lessons' statistics: they show inf and NaN, as the norm's
#: own output does, without warnings.
_QUIET_OVERFLOW = np.errstate(over="ignore", invalid="ignore")


def _check_token(s: Scenario, token: int) -> None:
    if not 0 <= token < s.tokens:
        raise IndexError(f"token {token} is outside 0..{s.tokens - 1}")


def batch_members(token: int, k: int) -> tuple[int, ...]:
    """The tokens in the batch of size ``k`` that must contain ``token``.

    The first ``k`` tokens when ``token`` is among them, else the first ``k − 1`` and ``token``.
    """
    if k < 1:
        raise ValueError(f"a batch needs at least one token, got k = {k}")
    if token < k:
        return tuple(range(k))
    return tuple(range(k - 1)) + (token,)


@dataclass(frozen=True, eq=False)
class BatchDependence:
    """One token's normalized row as the batch around it grows (k = 1..T).

    Attributes
    ----------
    token, label : int, str
        The followed token.
    batch_sizes : ndarray, shape (T,)
        k = 1..T.
    members : tuple of tuple of int
        The tokens of each batch (``batch_members``).
    bn_rows, ln_rows : ndarray, shape (T, d)
        The token's BatchNorm (training) and LayerNorm output in each batch; BatchNorm's row for
        k = 1 is NaN (it refuses a batch of one).
    bn_distance, ln_distance : ndarray, shape (T,)
        L2 distance of each row to the token's output in the full batch (k = T); NaN for BN at k = 1.
    bn_max_change, ln_max_change : float
        Largest spread (max − min over k, over every dimension) of the rows; LayerNorm's is 0.
    single_token_message : str
        Why BatchNorm refused k = 1 (the text of ``batch_norm``'s ValueError).
    """

    token: int
    label: str
    batch_sizes: np.ndarray
    members: tuple[tuple[int, ...], ...]
    bn_rows: np.ndarray
    ln_rows: np.ndarray
    bn_distance: np.ndarray
    ln_distance: np.ndarray
    bn_max_change: float
    ln_max_change: float
    single_token_message: str


def _spread(rows: np.ndarray) -> float:
    finite = rows[np.all(np.isfinite(rows), axis=1)]
    if len(finite) < 2:
        return 0.0
    return float(np.max(finite.max(axis=0) - finite.min(axis=0)))


@_QUIET_OVERFLOW
def batch_dependence(s: Scenario, token: int) -> BatchDependence:
    """The token's BatchNorm and LayerNorm outputs for batch sizes k = 1..T.

    BatchNorm runs in training mode with the scenario's γ, β and ε; LayerNorm with the same γ, β
    and ε, so its row never changes with k.

    Parameters
    ----------
    s : Scenario
    token : int
        Row index of the token to follow; every batch contains it (see ``batch_members``).
    """
    _check_token(s, token)
    t, d = s.matrix.shape
    bn_rows = np.full((t, d), np.nan)
    ln_rows = np.empty((t, d))
    members = []
    message = ""
    for k in range(1, t + 1):
        rows = batch_members(token, k)
        members.append(rows)
        batch = s.matrix[list(rows)]
        at = rows.index(token)
        ln_rows[k - 1] = layer_norm(batch, s.gamma, s.beta, s.eps)[at]
        try:
            bn_rows[k - 1] = batch_norm(batch, s.gamma, s.beta, s.eps, training=True,
                                        momentum=s.bn_momentum)[0][at]
        except ValueError as refusal:
            message = str(refusal)
    if not message:  # T ≥ 1 always includes k = 1, so this is only a guard against a changed norm
        message = single_token_refusal(s, token)
    with np.errstate(invalid="ignore"):
        bn_distance = np.linalg.norm(bn_rows - bn_rows[-1], axis=1)
        ln_distance = np.linalg.norm(ln_rows - ln_rows[-1], axis=1)
    return BatchDependence(
        token=token, label=s.labels[token], batch_sizes=np.arange(1, t + 1), members=tuple(members),
        bn_rows=bn_rows, ln_rows=ln_rows, bn_distance=bn_distance, ln_distance=ln_distance,
        bn_max_change=_spread(bn_rows), ln_max_change=_spread(ln_rows), single_token_message=message,
    )


def single_token_refusal(s: Scenario, token: int) -> str:
    """The text of the ValueError BatchNorm raises in training mode on the token alone ("" if none)."""
    _check_token(s, token)
    try:
        batch_norm(s.matrix[token:token + 1], s.gamma, s.beta, s.eps, training=True, momentum=s.bn_momentum)
    except ValueError as refusal:
        return str(refusal)
    return ""


@dataclass(frozen=True, eq=False)
class RunningStatistics:
    """BatchNorm's running buffers over repeated training steps on the same matrix.

    Attributes
    ----------
    steps, momentum : int, float
    running_mean, running_var : ndarray, shape (steps + 1, d)
        The buffers after each step; row 0 holds the defaults (mean 0, variance 1).
    batch_mean, batch_var : ndarray, shape (d,)
        The matrix's column mean and unbiased column variance, which the buffers approach.
        NaN when the matrix has a single token.
    decay : ndarray, shape (steps + 1,)
        (1 − momentum)^step: the fraction of the initial gap left after each step.
    mean_gap, var_gap : ndarray, shape (steps + 1, d)
        ``running − batch`` after each step; equals ``decay[:, None] * gap[0]``.
    message : str or None
        Why the buffers stayed at their defaults (a single token can't train BatchNorm).
    """

    steps: int
    momentum: float
    running_mean: np.ndarray
    running_var: np.ndarray
    batch_mean: np.ndarray
    batch_var: np.ndarray
    decay: np.ndarray
    mean_gap: np.ndarray
    var_gap: np.ndarray
    message: str | None = None

    @property
    def most_moving_dimension(self) -> int:
        """The dimension whose running mean travels furthest (the clearest one to plot)."""
        gaps = np.abs(self.mean_gap[0])
        return int(np.argmax(np.where(np.isfinite(gaps), gaps, -1.0)))


@_QUIET_OVERFLOW
def running_statistics(s: Scenario, steps: int) -> RunningStatistics:
    """Run ``steps`` BatchNorm training steps on the whole matrix, from the default buffers.

    Each step feeds the same batch, so the gap to the batch statistics shrinks by (1 − momentum)
    per step: ``running_n − batch = (1 − m)^n · (running_0 − batch)``.

    Parameters
    ----------
    s : Scenario
        Its matrix, γ, β, ε and ``bn_momentum`` are used.
    steps : int
        Number of training steps, ≥ 0.
    """
    if steps < 0:
        raise ValueError(f"steps must be ≥ 0, got {steps}")
    x = s.matrix
    d = s.dims
    means = np.empty((steps + 1, d))
    variances = np.empty((steps + 1, d))
    rm = np.zeros(d, x.dtype)
    rv = np.ones(d, x.dtype)
    means[0], variances[0] = rm, rv
    message = None
    for step in range(1, steps + 1):
        try:
            _, rm, rv = batch_norm(x, s.gamma, s.beta, s.eps, training=True,
                                   running_mean=rm, running_var=rv, momentum=s.bn_momentum)
        except ValueError as refusal:  # one token: nothing to learn, the buffers keep their defaults
            message = str(refusal)
        means[step], variances[step] = rm, rv
    x64 = x.astype(np.float64)
    if s.tokens > 1:
        batch_mean, batch_var = x64.mean(axis=0), x64.var(axis=0, ddof=1)
    else:
        batch_mean = batch_var = np.full(d, np.nan)
        message = message or single_token_refusal(s, 0)
    return RunningStatistics(
        steps=steps, momentum=s.bn_momentum, running_mean=means, running_var=variances,
        batch_mean=batch_mean, batch_var=batch_var,
        decay=(1.0 - s.bn_momentum) ** np.arange(steps + 1, dtype=np.float64),
        mean_gap=means - batch_mean, var_gap=variances - batch_var, message=message,
    )


@dataclass(frozen=True, eq=False)
class SingleToken:
    """One token through BatchNorm alone: refused in training mode, served by eval mode.

    Attributes
    ----------
    token, label : int, str
    input : ndarray, shape (d,)
        The token's row.
    training_message : str
        Why training mode refuses a batch of one (``batch_norm``'s ValueError text).
    steps, momentum : int, float
        Training steps over the full matrix that produced the running statistics.
    running_mean, running_var : ndarray, shape (d,)
        The buffers after those steps.
    eval_output : ndarray, shape (d,)
        Eval-mode BatchNorm of the token alone: (x − running_mean)/√(running_var + ε)·γ + β.
    batch_output : ndarray, shape (d,)
        Training-mode BatchNorm of the token inside the full batch (NaN for a one-token matrix).
    difference : ndarray, shape (d,)
        ``eval_output − batch_output``.
    max_abs_difference : float
    """

    token: int
    label: str
    input: np.ndarray
    training_message: str
    steps: int
    momentum: float
    running_mean: np.ndarray
    running_var: np.ndarray
    eval_output: np.ndarray
    batch_output: np.ndarray
    difference: np.ndarray
    max_abs_difference: float


@_QUIET_OVERFLOW
def single_token(s: Scenario, token: int, steps: int) -> SingleToken:
    """BatchNorm on one token: the training-mode refusal and the eval-mode answer.

    Parameters
    ----------
    s : Scenario
    token : int
        Row index of the token.
    steps : int
        Training steps over the full matrix that fill the running statistics first.
    """
    _check_token(s, token)
    stats = running_statistics(s, steps)
    rm, rv = stats.running_mean[-1], stats.running_var[-1]
    alone = s.matrix[token:token + 1]
    eval_output, _, _ = batch_norm(alone, s.gamma, s.beta, s.eps, training=False,
                                   running_mean=rm, running_var=rv)
    if s.tokens > 1:
        batch_output = batch_norm(s.matrix, s.gamma, s.beta, s.eps, training=True,
                                  momentum=s.bn_momentum)[0][token].astype(np.float64)
    else:
        batch_output = np.full(s.dims, np.nan)
    eval_row = eval_output[0].astype(np.float64)
    difference = eval_row - batch_output
    finite = difference[np.isfinite(difference)]
    return SingleToken(
        token=token, label=s.labels[token], input=s.matrix[token].astype(np.float64),
        training_message=single_token_refusal(s, token), steps=steps, momentum=s.bn_momentum,
        running_mean=rm, running_var=rv, eval_output=eval_row, batch_output=batch_output,
        difference=difference, max_abs_difference=float(np.max(np.abs(finite))) if finite.size else float("nan"),
    )


@dataclass(frozen=True, eq=False)
class ScaleInvariance:
    """Seed 001: LayerNorm forgets a row's mean and scale, and γ/β can't bring them back.

    Attributes
    ----------
    inputs : ndarray, shape (n, d)
    means, stds : ndarray, shape (n,)
        Each row's mean and (biased) standard deviation: what LayerNorm removes.
    normalized : ndarray, shape (n, d)
        x̂ = LayerNorm without γ/β.
    same : ndarray of bool, shape (n, n)
        Whether two rows' x̂ agree within ``atol``.
    gamma, beta : ndarray, shape (d,)
    affine : ndarray, shape (n, d)
        γ ⊙ x̂ + β for each row.
    affine_same : ndarray of bool, shape (n, n)
        Whether two rows' γ ⊙ x̂ + β agree within ``atol``: wherever x̂ agreed, so does this.
    eps, atol : float
    """

    inputs: np.ndarray
    means: np.ndarray
    stds: np.ndarray
    normalized: np.ndarray
    same: np.ndarray
    gamma: np.ndarray
    beta: np.ndarray
    affine: np.ndarray
    affine_same: np.ndarray
    eps: float
    atol: float
    uses_scenario_affine: bool = False

    @property
    def same_as_first(self) -> np.ndarray:
        """Whether each row's x̂ equals the first row's."""
        return self.same[0]


def _pairwise_close(rows: np.ndarray, atol: float) -> np.ndarray:
    return np.all(np.abs(rows[:, None, :] - rows[None, :, :]) <= atol, axis=2)


@_QUIET_OVERFLOW
def scale_invariance(rows=SCALE_ROWS, gamma=None, beta=None, eps: float = 1e-5,
                     atol: float = 1e-4) -> ScaleInvariance:
    """LayerNorm of each row, which rows it makes identical, and γ ⊙ x̂ + β of each.

    Parameters
    ----------
    rows : array_like, shape (n, d)
        Defaults to seed 001's [2, 4, 6, 8], [20, 40, 60, 80] and [2, 6, 4, 8].
    gamma, beta : array_like of shape (d,), optional
        Defaults γ = 1, β = 0.
    eps : float
        LayerNorm's ε.
    atol : float
        Two outputs are "the same" when every value differs by at most this.
    """
    x = np.asarray(as_float_array(rows), dtype=np.float64)
    if x.ndim != 2 or x.shape[0] < 1 or x.shape[1] < 1:
        raise ValueError(f"rows must be a non-empty 2-D array, got shape {x.shape}")
    d = x.shape[1]
    g = np.ones(d) if gamma is None else np.asarray(gamma, dtype=np.float64)
    b = np.zeros(d) if beta is None else np.asarray(beta, dtype=np.float64)
    normalized = layer_norm(x, eps=eps)
    affine = layer_norm(x, g, b, eps)
    return ScaleInvariance(
        inputs=x, means=x.mean(axis=1), stds=x.std(axis=1), normalized=normalized,
        same=_pairwise_close(normalized, atol), gamma=g, beta=b, affine=affine,
        affine_same=_pairwise_close(affine, atol), eps=eps, atol=atol,
    )


def scale_invariance_for(s: Scenario, rows=SCALE_ROWS) -> ScaleInvariance:
    """``scale_invariance`` of ``rows`` with the scenario's γ/β when its d matches theirs, else γ = 1, β = 0.

    ε stays seed 001's 1e-5: a large ε of the scenario would itself break the scale invariance
    this demonstrates.
    """
    x = np.asarray(rows, dtype=np.float64)
    matches = x.ndim == 2 and s.dims == x.shape[1]
    result = scale_invariance(x, s.gamma, s.beta) if matches else scale_invariance(x)
    return dataclasses.replace(result, uses_scenario_affine=matches)
