"""The cyclic garbage collector is paused while the window starts and comes back, with what was alive
frozen, once the window is shown; a headless command gets it back as soon as its line is parsed."""

import gc

import pytest

from app import cli, startup_collector
from app.startup_collector import pause_collection, resume_collection


@pytest.fixture
def collector():
    """The collector as the test found it, after the test (and nothing left frozen)."""
    was_enabled = gc.isenabled()
    yield
    startup_collector._paused = False
    gc.unfreeze()
    if was_enabled:
        gc.enable()
    else:
        gc.disable()


def test_paused_then_resumed_with_the_living_objects_frozen(collector):
    gc.enable()
    pause_collection()
    assert not gc.isenabled()
    resume_collection()
    assert gc.isenabled() and gc.get_freeze_count() > 1000
    frozen = gc.get_freeze_count()
    resume_collection()  # a second call changes nothing
    assert gc.isenabled() and gc.get_freeze_count() == frozen


def test_a_collector_off_before_the_pause_stays_off(collector):
    gc.disable()  # someone else's choice (a profiler, a test harness)
    pause_collection()
    resume_collection()
    assert not gc.isenabled() and gc.get_freeze_count() == 0


def test_a_headless_command_collects_as_usual(collector, capsys):
    gc.enable()
    pause_collection()
    assert cli.main(["lesson", "--list"]) == 0
    assert gc.isenabled()
    assert capsys.readouterr().out.strip()
