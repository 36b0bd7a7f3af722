"""A model run as tables: its tokens, the real depth of its residual stream, and its norms' γ/β."""

from __future__ import annotations

from engine.models.attention_stats import STATISTICS
from engine.models.gamma_folding import gamma_foldable
from engine.models.interventions import InterventionCost
from engine.models.norm_parameters import vector_stats
from engine.models.real_depth import depth_profile
from engine.models.spec import ModelSpec
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


def norms_table(trace: Trace, spec: ModelSpec | None = None) -> Table:
    """``layer,name,kind,gamma_mean,gamma_min,gamma_max,beta_mean``: one row per norm in the order they run;
    the layer is empty for the embedding and final norms, ``beta_mean`` where there is no β. With the
    model's ``spec``, a last column ``gamma_foldable``: ``yes`` where γ can move into the next weights
    (a Pre-Norm), ``no`` where it can't (a Post-LN; Gemma's after-sublayer norms)."""
    rows = []
    for record in trace.norms:
        gamma = vector_stats(record.gamma) if record.gamma is not None else None
        gamma_cells = (gamma.mean, gamma.min, gamma.max) if gamma is not None else ("", "", "")
        beta = float(record.beta.astype("float64").mean()) if record.beta is not None else ""
        fold = () if spec is None else ("yes" if gamma_foldable(spec, record.name) else "no",)
        rows.append(("" if record.layer is None else record.layer, record.name, record.kind, *gamma_cells, beta, *fold))
    header = ("layer", "name", "kind", "gamma_mean", "gamma_min", "gamma_max", "beta_mean")
    return Table("model_norms", header + (() if spec is None else ("gamma_foldable",)), tuple(rows))


def attention_table(trace: Trace) -> Table:
    """``layer,head,sink_mass,max_logit,entropy``: one row per block and head, from 0."""
    return Table("model_attention", ("layer", "head", *STATISTICS),
                 tuple((layer, head, *(float(v) for v in values))
                       for layer, heads in enumerate(trace.attention) for head, values in enumerate(heads)))


def loss_table(costs: tuple[InterventionCost, ...]) -> Table:
    """``intervention,loss,delta``: the base run's next-token loss (nats), then each intervention's, with
    its change from the base; NaN or inf where a run overflowed."""
    return Table("model_loss", ("intervention", "loss", "delta"),
                 tuple((c.label, float(c.loss), float(c.delta)) for c in costs))
