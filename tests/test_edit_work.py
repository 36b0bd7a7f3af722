"""What an edit computes once, where the stack is computed, instead of in the views that show it."""

import numpy as np

from engine.core.depth_laws import depth_laws
from engine.results.compute import compute, values_equal
from engine.setup.presets import load_preset


def test_the_result_carries_the_laws_of_its_depth_profile():
    result = compute(load_preset("xian"))
    assert values_equal(result.depth_laws, depth_laws(result.depth))  # NaN where a law can't be measured
    assert [law.placement for law in result.depth_laws] == ["none", *result.depth.runs]


def test_laws_are_reused_with_the_stack_and_follow_a_new_one():
    s = load_preset("xian")
    first = compute(s)
    same_stack = compute(s.replace(bn_momentum=0.2), first)
    assert same_stack.depth is first.depth and same_stack.depth_laws is first.depth_laws
    matrix = s.matrix.copy()
    matrix[0, 0] += 1.0
    edited = compute(s.replace(matrix=matrix), first, [0])
    assert values_equal(edited.depth_laws, depth_laws(edited.depth))
    assert not values_equal(edited.depth_laws, first.depth_laws)


def test_results_with_laws_that_cannot_be_measured_are_still_equal():
    s = load_preset("xian").replace(layers=1)  # one layer: no gradient skew (NaN)
    a, b = compute(s), compute(s)
    assert np.isnan(a.depth_laws[1].grad_skew)
    assert a == b
