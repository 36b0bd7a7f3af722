"""Lessons, engine side: the quantities against the seed articles' numbers, the bundled lessons' answers,
en/zh parity, and the refusals of malformed lesson files. No Qt."""

import json

import numpy as np
import pytest

from engine.results.compute import compute
from engine.core.depth_laws import depth_laws
from engine.lessons.answers import Answer, answer, is_right, lesson_answers, right_option
from engine.lessons.lesson_file import LANGS, lesson_files, lesson_path, read_lesson
from engine.lessons.quantities import evaluate, parse_quantity
from engine.lessons.step_state import complete_state, read_state
from engine.setup.presets import load_preset
from engine.problem import FileProblem, Problem

#: Seed 000 table 5-2: each token's μ and σ; §2.4 the 西安 row after LayerNorm with the demonstration γ/β.
XIAN_TABLE = [(0.045, 0.710), (-0.379, 0.543), (0.410, 0.346), (-0.147, 0.715), (-0.404, 0.505), (0.128, 0.692)]
XIAN_ROW_OUT = [-1.446, 0.463, 1.257, -0.485]


def value(text, state):
    return evaluate(parse_quantity(text), compute(read_state(state).scenario))


def test_every_row_of_the_xian_table_as_the_article_gives_it():
    state = {"preset": "xian", "view": "row_stats"}
    for row, (mu, sigma) in enumerate(XIAN_TABLE):
        assert round(value(f"mu[{row}]", state), 3) == pytest.approx(mu, abs=1e-3)
        assert round(value(f"sigma[{row}]", state), 3) == pytest.approx(sigma, abs=1e-3)
    assert [round(value(f"normalized[1][{j}]", state), 3) for j in range(4)] == XIAN_ROW_OUT


def test_the_toy_explodes_to_114_3_and_its_twin_stays_at_1():
    state = {"preset": "xian", "view": "depth", "layers": 10}
    assert value("toy[10]", state) == pytest.approx(114.33, abs=0.005)
    assert value("toy[0]", state) == 1.0
    assert value("toy_normalized[10]", state) == pytest.approx(1.0, abs=1e-5)


def test_the_hand_calculation_of_2_4_6_8():
    state = {"matrix": [[2, 4, 6, 8]], "view": "hand_calc"}
    assert value("mu[0]", state) == 5.0
    assert value("sigma[0]", state) == pytest.approx(np.sqrt(5), rel=1e-12)  # σ ≈ 2.236
    assert value("normalized[0][0]", state) == pytest.approx(-3 / np.sqrt(5 + 1e-5), abs=1e-6)
    assert value("normalized[0][0]", {**state, "eps": 1.0}) == pytest.approx(-3 / np.sqrt(6), abs=1e-6)


def test_depth_quantities_are_the_plot_s_and_the_caption_s_numbers():
    scenario = load_preset("xian")
    result = compute(scenario)
    post = result.depth.runs["post"]
    assert evaluate(parse_quantity("depth_rms[post][3]"), result) == post.rms[3]
    assert evaluate(parse_quantity("depth_rms[none][10]"), result) == result.depth.none.rms[10]
    assert evaluate(parse_quantity("weight_grad[post][9]"), result) == post.weight_grad[9]
    caption = {law.placement: law for law in depth_laws(result.depth)}
    assert evaluate(parse_quantity("grad_ratio[post]"), result) == caption["post"].grad_skew
    assert evaluate(parse_quantity("grad_ratio[post]"), result) == pytest.approx(post.weight_grad[-1] / post.weight_grad[0])


def test_a_stack_the_result_lacks_is_simulated_on_the_same_weights():
    scenario = load_preset("xian")
    without = compute(scenario)
    assert "peri" not in without.depth.runs
    with_peri = compute(scenario, placements=("peri",))
    assert evaluate(parse_quantity("depth_rms[peri][10]"), without) == with_peri.depth.runs["peri"].rms[10]


def test_column_statistics_are_batchnorm_s_groups():
    scenario = load_preset("xian")
    result = compute(scenario)
    column = np.asarray(scenario.matrix[:, 2], dtype=np.float64)
    assert evaluate(parse_quantity("col_mu[2]"), result) == pytest.approx(column.mean())
    assert evaluate(parse_quantity("col_sigma[2]"), result) == pytest.approx(column.std())


def test_choices_nearest_value_and_single_interval():
    lesson = read_lesson(lesson_path("000-layernorm", "en"))
    by_quantity = {str(s.question.quantity): s.question for s in lesson.steps if s.question}
    sigma = by_quantity["sigma[0]"]  # options 0.346, 0.543, 0.710, 0.915
    assert right_option(sigma, 0.7099) == 2
    assert right_option(sigma, 0.35) == 0
    intervals = by_quantity["depth_rms[none][10]"]  # below 2, 2 to 20, above 20
    assert right_option(intervals, 57.0) == 2
    assert right_option(intervals, 1.0) == 0
    assert is_right(sigma, Answer(0.7099, 2), 2) and not is_right(sigma, Answer(0.7099, 2), 1)


def test_a_number_is_right_within_its_tolerance():
    question = read_lesson(lesson_path("001-hand-calculation", "en")).steps[1].question
    assert str(question.quantity) == "sigma[2]"
    found = answer(question, compute(load_preset("apple")))
    assert found.value == pytest.approx(2.2360679)
    assert is_right(question, found, 2.236) and is_right(question, found, 2.24)
    assert not is_right(question, found, 2.25)


def headline(name, quantity):
    lesson = read_lesson(lesson_path(name, "en"))
    answers = lesson_answers(lesson)
    return [a.value for s, a in zip(lesson.steps, answers) if s.question and str(s.question.quantity) == quantity]


def test_the_article_lessons_ask_the_headline_numbers():
    assert headline("000-layernorm", "toy[10]") == [pytest.approx(114.33, abs=0.005)]
    assert headline("000-layernorm", "mu[1]") == [pytest.approx(-0.379, abs=5e-4)]
    assert headline("000-layernorm", "sigma[0]") == [pytest.approx(0.710, abs=5e-4)]
    assert headline("001-hand-calculation", "mu[2]") == [5.0]
    assert headline("001-hand-calculation", "sigma[2]") == [pytest.approx(2.236, abs=5e-4)]


@pytest.mark.parametrize("name,lang,path", lesson_files())
def test_every_bundled_lesson_reads_and_every_choice_has_one_right_option(name, lang, path):
    lesson = read_lesson(path)
    assert len(lesson.steps) >= 5
    for step, found in zip(lesson.steps, lesson_answers(lesson)):
        if step.question is not None:
            assert np.isfinite(found.value)
            assert (found.correct is not None) == (step.question.kind == "choice")


def test_at_least_four_lessons_each_in_english_and_chinese():
    names = {name for name, _, _ in lesson_files()}
    assert len(names) >= 4
    assert {(name, lang) for name, lang, _ in lesson_files()} == {(name, lang) for name in names for lang in LANGS}


@pytest.mark.parametrize("name", sorted({name for name, _, _ in lesson_files()}))
def test_english_and_chinese_have_the_same_steps_states_and_questions(name):
    en, zh = (json.loads(lesson_path(name, lang).read_text(encoding="utf-8"))["steps"] for lang in LANGS)
    assert len(en) == len(zh)
    for a, b in zip(en, zh):
        assert a["state"] == b["state"]
        assert (a.get("question") is None) == (b.get("question") is None)
        if a.get("question"):
            qa, qb = a["question"], b["question"]
            for key in ("quantity", "kind", "tolerance"):
                assert qa.get(key) == qb.get(key)
            strip = lambda options: [{k: v for k, v in o.items() if k != "label"} if isinstance(o, dict) else o
                                     for o in options or []]
            assert strip(qa.get("options")) == strip(qb.get("options"))
        assert a["text"] != b["text"]  # translated, not copied (a title may be a name, "QK-Norm")


def test_a_complete_state_reads_back_to_the_same_scenario():
    lesson = read_lesson(lesson_path("001-hand-calculation", "en"))
    for step in lesson.steps:
        state = complete_state(step.state, step.preset)
        again = read_state(json.loads(json.dumps(state)))
        assert again.scenario == step.state.scenario
        assert (again.view, again.row) == (step.state.view, step.state.row)


def test_the_real_models_step_names_the_model_it_opens_and_keeps_it_in_the_handout():
    step = read_lesson(lesson_path("2020-modern-norms", "en")).steps[-1]
    assert (step.state.view, step.state.model) == ("model", "minilm")
    assert complete_state(step.state, step.preset)["model"] == "minilm"
    assert read_state(complete_state(step.state, step.preset)).model == "minilm"


# --- refusals ----------------------------------------------------------------------------------------

GOOD_STEP = {"title": "t", "text": "x", "state": {"preset": "xian", "view": "row_stats"}}


def lesson_file(tmp_path, steps=None, text=None, name="bad.en.json"):
    path = tmp_path / name
    path.write_text(text if text is not None else json.dumps({"title": "T", "steps": steps}), encoding="utf-8")
    return path


def with_question(**question):
    return [GOOD_STEP, {**GOOD_STEP, "question": {"prompt": "p", **question}}]


@pytest.mark.parametrize("steps,said", [
    (with_question(quantity="mean[1]", kind="number", tolerance=0.1), "unknown quantity 'mean[1]'"),
    (with_question(quantity="mu[6]", kind="number", tolerance=0.1), "mu[6]: row 6 is out of range (0 to 5)"),
    (with_question(quantity="normalized[0][4]", kind="number", tolerance=0.1), "column 4 is out of range"),
    (with_question(quantity="depth_rms[pre][11]", kind="number", tolerance=0.1), "depth_rms[pre][11]: layer 11 is out of range (0, the input, to 10)"),
    (with_question(quantity="weight_grad[post][10]", kind="number", tolerance=0.1), "layer 10 is out of range"),
    (with_question(quantity="weight_grad[none][0]", kind="number", tolerance=0.1), "'none' is not one of"),
    (with_question(quantity="depth_rms[pre]", kind="number", tolerance=0.1), "needs 2 index(es)"),
    (with_question(quantity="mu[x]", kind="number", tolerance=0.1), "index 'x' is not a whole number"),
    (with_question(quantity="mu[1]", kind="number", tolerance=0), "tolerance must be a number above 0"),
    (with_question(quantity="mu[1]", kind="guess"), "kind must be number or choice"),
    (with_question(quantity="mu[1]", kind="choice", options=[1.0]), "at least 2 options"),
    (with_question(quantity="mu[1]", kind="choice", options=[1.0, {"min": 0, "max": 1}]), "not both"),
    (with_question(quantity="mu[1]", kind="choice", options=[1.0, "two"]), "option 'two'"),
    ([{**GOOD_STEP, "state": {"preset": "xian"}}], "view must be one of"),
    ([{**GOOD_STEP, "state": {"preset": "xian", "view": "row_stats", "colour": 1}}], "unknown key 'colour'"),
    ([{**GOOD_STEP, "state": {"preset": "xian", "view": "row_stats", "layers": 0}}], "layers must lie in"),
    ([{**GOOD_STEP, "state": {"preset": "xian", "view": "row_stats", "row": 6}}], "row 6 is out of range"),
    ([{**GOOD_STEP, "state": {"view": "row_stats"}}], "needs a preset or a matrix"),
    ([{**GOOD_STEP, "state": {"preset": "xian", "view": "model", "model": "gpt5"}}], "model must be one of minilm"),
    ([{**GOOD_STEP, "state": {"preset": "xian", "view": "depth", "model": "minilm"}}], "with the view model"),
    ([{**GOOD_STEP, "state": {"matrix": [[1, 2], [3]], "view": "row_stats"}}], "matrix must be a table"),
    ([], "non-empty list of steps"),
])
def test_a_malformed_lesson_is_refused_naming_the_file_and_what(tmp_path, steps, said):
    with pytest.raises(FileProblem) as caught:
        read_lesson(lesson_file(tmp_path, steps))
    message = str(caught.value)
    assert message.startswith("bad.en.json: ") and said in message and "\n" not in message


def test_bad_json_and_a_wrong_file_name_are_refused(tmp_path):
    with pytest.raises(FileProblem, match=r"bad.en.json: not valid JSON \(line 1"):
        read_lesson(lesson_file(tmp_path, text="{\"steps\": [}"))
    with pytest.raises(FileProblem, match="named NAME.en.json"):
        read_lesson(lesson_file(tmp_path, [GOOD_STEP], name="lesson.json"))
    with pytest.raises(FileProblem, match="NaN is not a finite number"):
        read_lesson(lesson_file(tmp_path, text='{"title": "T", "steps": [NaN]}'))


@pytest.mark.parametrize("options,said", [
    ([{"min": 0, "max": 1}, {"min": 0.5, "max": 2}], "sigma[0] = 0.709947: not exactly one option is right"),
    ([{"min": 0, "max": 0.5}, {"min": 1, "max": 2}], "not exactly one option is right"),
])
def test_a_choice_with_none_or_two_right_options_is_refused(tmp_path, options, said):
    lesson = read_lesson(lesson_file(tmp_path, with_question(quantity="sigma[0]", kind="choice", options=options)))
    with pytest.raises(FileProblem) as caught:
        lesson_answers(lesson)
    assert str(caught.value).startswith("bad.en.json: step 2: question ") and said in str(caught.value)


def test_two_equally_near_values_make_no_single_right_option():
    from engine.lessons.lesson_file import Option, Question

    question = Question("p", parse_quantity("mu[0]"), "choice", options=(Option(value=0.5), Option(value=1.5)))
    assert right_option(question, 1.0) is None
    assert right_option(question, 1.1) == 1


def test_a_quantity_is_parsed_and_written_back_alike():
    for text in ("mu[0]", "normalized[5][3]", "depth_rms[none][0]", "grad_ratio[deepnorm]", "toy_normalized[10]"):
        assert str(parse_quantity(text)) == text
    with pytest.raises(Problem):
        parse_quantity(None)


@pytest.mark.parametrize("content,said", [
    ("[" * 100_000, "nested 100000 levels deep"),
    ('{"title": "T", "steps": [' + "9" * 400 + "]}", "an integer with 400 digits is too large"),
    (b"\xff\xfe\x00binary", "is not UTF-8 text"),
    (" " * ((1 << 20) + 1), "files above 1 MB are refused"),
    (json.dumps({"title": "T", "steps": [{**GOOD_STEP, "state": {"matrix": [["a", "b"]], "view": "row_stats"}}]}),
     "matrix must be a table of numbers"),
    (json.dumps({"title": "T", "steps": [{**GOOD_STEP, "state": {"matrix": [[1e999]], "view": "row_stats"}}]}),
     "not a finite number"),
    (json.dumps({"title": "T", "steps": [{**GOOD_STEP, "state": {"preset": "xian", "view": "row_stats",
                                                                 "norm": {"__class__": "os.system"}}}]}),
     "norm must be one of"),
])
def test_hostile_lesson_files_are_refused_with_one_line(tmp_path, content, said):
    path = tmp_path / "hostile.en.json"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    with pytest.raises(FileProblem) as caught:
        read_lesson(path)
    assert said in str(caught.value) and "\n" not in str(caught.value)


def test_a_folder_named_like_a_lesson_is_refused(tmp_path):
    (tmp_path / "folder.en.json").mkdir()
    with pytest.raises(FileProblem, match="folder.en.json"):
        read_lesson(tmp_path / "folder.en.json")
