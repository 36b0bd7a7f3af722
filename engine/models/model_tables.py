"""A model run as tables: its tokens, the real depth of its residual stream, and its norms' γ/β."""

from __future__ import annotations

from engine.models.norm_parameters import vector_stats
from engine.models.real_depth import depth_profile
from engine.models.tokenizer import Tokens
from engine.models.trace import Trace
from engine.files.tables import Table


def tokens_table(tokens: Tokens) -> Table:
    """``index,token,id``: the label each token shows and its vocabulary id."""
    return Table("tokens", ("index", "token", "id"),
                 tuple((i, label, token_id) for i, (label, token_id) in enumerate(zip(tokens.labels, tokens.ids))))


def depth_table(trace: Trace) -> Table:
    """``layer,rms,max_abs,max_dim`` for the L + 1 residual states (layer k: the stream entering block k;
    the last: the stream leaving the last block, before any final norm)."""
    profile = depth_profile(trace.states)
    return Table("model_depth", ("layer", "rms", "max_abs", "max_dim"),
                 tuple((k, float(profile.rms[k]), float(profile.max_abs[k]), int(profile.max_dim[k]))
                       for k in range(len(trace.states))))


def norms_table(trace: Trace) -> Table:
    """``layer,name,kind,gamma_mean,gamma_min,gamma_max,beta_mean``: one row per norm in the order they run;
    the layer is empty for the embedding and final norms, ``beta_mean`` where there is no β."""
    rows = []
    for record in trace.norms:
        gamma = vector_stats(record.gamma) if record.gamma is not None else None
        gamma_cells = (gamma.mean, gamma.min, gamma.max) if gamma is not None else ("", "", "")
        beta = float(record.beta.astype("float64").mean()) if record.beta is not None else ""
        rows.append(("" if record.layer is None else record.layer, record.name, record.kind, *gamma_cells, beta))
    return Table("model_norms", ("layer", "name", "kind", "gamma_mean", "gamma_min", "gamma_max", "beta_mean"),
                 tuple(rows))
