"""Every command block of README.md runs, with GPUPICKER_HOME in a temp folder.

Commands run as printed, from the repository (make, .venv) or from a scratch folder (the
command-line block, which writes prices.csv and results.png). ``.venv/bin/`` means this
test's own interpreter folder. Placeholders get real values: ``job.json`` is the README's own
estimate workload, ``my-prices.csv`` the just-exported prices, ``NAME`` the newest backup,
``ID`` the newest calibration run, ``~/models/Qwen3-8B`` and ``model.gguf`` tiny real model
files (:func:`_placeholder_files`), ``lambda/vms.csv`` a SkyPilot catalog file, ``serve.json``
and ``vllm-startup.log`` a vLLM serving workload and its start-up line, ``[--opt value]`` is
written without the brackets. Some commands cannot run inside the test
suite as printed and are run in a checking form instead (:data:`CHECKED_FORM`, with why).

The ``gpupicker`` subcommands run in this test's interpreter (:func:`_in_process`: the same
``cli.main(argv)`` the entry point calls, with the command's environment, folder, standard
input and ``>`` file), which saves a ~1 s interpreter start and import per command; what
needs a process of its own (:data:`OWN_PROCESS`) and everything else runs in ``bash``.
``gpupicker --version`` runs through the ``gpupicker`` entry point on PATH, so the entry
point itself stays proven.
"""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import traceback
from pathlib import Path

import pytest

from tests.support.paths import REPO

BIN = Path(sys.executable).parent

#: README command → (what is run instead, why)
CHECKED_FORM: dict[str, tuple[str, str]] = {
    "make run": ("make -n run", "opens the window: the dry run proves the target and recipe"),
    "make test": ("make -n test", "this test runs inside `make test`"),
    "QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -n auto": (
        "QT_QPA_PLATFORM=offscreen .venv/bin/python -m pytest -n auto --collect-only -q"
        " tests/cli/test_readme_commands.py",
        "the suite itself: collecting one file proves it starts (plugins, conftest, the xdist"
        " workers); the run this test is part of collects every file",
    ),
    "python3 -m venv .venv": (
        "python3 -m venv --without-pip .venv && python3 -c 'import ensurepip; ensurepip.version()'",
        "installing pip into the venv costs ~9 s of CPU: the venv is made without it and"
        " ensurepip's bundled pip is checked to be there (what a venv without python3-venv"
        " lacks); the next command uses this test's own pip anyway",
    ),
    '.venv/bin/pip install -c requirements.lock -e ".[test]"': (
        '.venv/bin/pip install --dry-run --quiet -c requirements.lock -e ".[test]"',
        "resolves against the lock without touching the running test environment",
    ),
}
#: commands whose documented outcome is not exit 0 (here: no display in the test)
EXPECTED_STATUS = {".venv/bin/python -m gpupicker": (2, "no display found")}
#: ``gpupicker`` commands that run in a process of their own: the entry point on PATH itself,
#: and the two that make a Qt application (the offscreen screenshot, the PDF report), which
#: this interpreter's pytest-qt application must not meet
OWN_PROCESS = ("gpupicker --version", "gpupicker --screenshot", "gpupicker report")


def readme_blocks() -> list[list[str]]:
    """The ```sh blocks of README.md as commands (continuations joined, comments dropped)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    blocks = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        cmds = []
        for line in block.replace("\\\n", " ").splitlines():
            line = re.sub(r"\s+#\s.*$", "", line).strip()
            if line and not line.startswith("#"):
                cmds.append(re.sub(r"\s+", " ", line))
        blocks.append(cmds)
    return blocks


def _env(home: Path) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k
        not in (
            "GPUPICKER_CATALOG",
            "DISPLAY",
            "WAYLAND_DISPLAY",
            "QT_QPA_PLATFORM",
            "HF_HOME",
            "HF_HUB_CACHE",
        )
    }
    # The repository under test first on the import path: the console script on PATH is the
    # installed environment's, whose editable install may point at another checkout (a
    # worktree run with a relative PYTHONPATH=. from a scratch folder imported that one).
    path = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    env.update(
        GPUPICKER_HOME=str(home),
        HOME=str(home / "user"),
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        PYTHONPATH=path,
    )
    return env


def _placeholder_files(home: Path, scratch: Path) -> None:
    """Real small files for the README's placeholder paths (see the module docstring)."""
    from gpupicker.importers.tiny_gguf import write_tiny_gguf
    from tests.support.model_files import TINY_LLAMA, llama_tensors, write_config, write_safetensors
    from tests.support.sample_files import SKYPILOT, VLLM_V0_LOG

    model = home / "user" / "models" / "Qwen3-8B"
    model.mkdir(parents=True)
    write_config(model, TINY_LLAMA)
    write_safetensors(model / "model.safetensors", llama_tensors(TINY_LLAMA))
    write_tiny_gguf(scratch / "model.gguf")
    (scratch / "lambda").mkdir()
    (scratch / "lambda" / "vms.csv").write_text(SKYPILOT, encoding="utf-8")
    shutil.copy(
        REPO / "tests" / "catalog" / "data" / "ledgers" / "shadeform-instance-types.json",
        scratch / "shadeform.json",
    )
    (scratch / "serve.json").write_text(
        json.dumps(
            {"task": "inference", "model_id": "llama2_7b", "framework": "vllm", "requests_per_minute": 60}
        ),
        encoding="utf-8",
    )
    (scratch / "vllm-startup.log").write_text(VLLM_V0_LOG, encoding="utf-8")
    shutil.copy(
        REPO / "tests" / "core" / "data" / "detect" / "nvidia-smi-4090-3090.csv", scratch / "nvidia-smi.csv"
    )
    shutil.copy(
        REPO / "tests" / "importers" / "data" / "jobs" / "axolotl-llama3-qlora.yml", scratch / "axolotl.yml"
    )


def _in_process(
    cmd: str, cwd: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> subprocess.CompletedProcess[str] | None:
    """``cmd`` run by ``gpupicker.cli.main`` in this interpreter, as bash would run it: the
    environment is ``env`` (nothing else), the folder ``cwd``, ``echo '…' |`` its standard
    input, ``> FILE`` its standard output, ``~`` the env's HOME; None for a command that is
    not one ``gpupicker`` call of that form, or is in :data:`OWN_PROCESS`."""
    from gpupicker import cli

    stdin = ""
    if m := re.fullmatch(r"echo '([^']*)' \| (gpupicker .*)", cmd):
        stdin, cmd = m.group(1) + "\n", m.group(2)
    out_file = None
    if m := re.fullmatch(r"(gpupicker .*?) > (\S+)", cmd):
        cmd, out_file = m.groups()
    if not cmd.startswith("gpupicker ") or cmd.startswith(OWN_PROCESS) or re.search(r"[|<>;&$`*?]", cmd):
        return None
    argv = [env["HOME"] + a[1:] if a.startswith("~/") else a for a in shlex.split(cmd)[1:]]
    with pytest.MonkeyPatch.context() as mp:
        for k in set(os.environ) - set(env):
            mp.delenv(k)
        for k, v in env.items():
            mp.setenv(k, v)
        mp.chdir(cwd)
        mp.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        try:
            code = cli.main(argv)
        except SystemExit as exc:  # argparse's errors and --help
            code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
        except Exception:  # noqa: BLE001  (what the process would die of: status 1, the traceback)
            print(traceback.format_exc(), file=sys.stderr)
            code = 1
        out, err = capsys.readouterr()
    if out_file:
        (cwd / out_file).write_text(out, encoding="utf-8")
        out = ""
    return subprocess.CompletedProcess(argv, code, out, err)


def _run(
    cmd: str, cwd: Path, env: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> subprocess.CompletedProcess[str]:
    done = _in_process(cmd, cwd, env, capsys)
    if done is not None:
        return done
    cmd = cmd.replace(".venv/bin/", f"{BIN}/")
    return subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, capture_output=True, text=True, timeout=300)


def test_readme_has_the_expected_blocks():
    blocks = readme_blocks()
    assert len(blocks) >= 3
    everything = {c for b in blocks for c in b}
    assert set(CHECKED_FORM) <= everything, "CHECKED_FORM names a command the README dropped"
    assert set(EXPECTED_STATUS) <= everything


@pytest.mark.slow
def test_every_readme_command_runs(tmp_path, capsys):
    if shutil.which("make") is None or shutil.which("bash") is None:
        pytest.skip("needs make and bash")
    home, scratch = tmp_path / "home", tmp_path / "scratch"
    scratch.mkdir()
    env = _env(home)
    _placeholder_files(home, scratch)
    failures: list[str] = []
    ran = 0
    for cmds in readme_blocks():
        for printed in cmds:
            cmd, cwd = CHECKED_FORM.get(printed, (printed, ""))[0], REPO
            if "gpupicker " in printed and not printed.startswith(".venv/"):
                cwd = scratch  # the command-line block writes its files here
            if printed.startswith("python3 -m venv"):
                cwd = scratch  # as printed, in a scratch folder (not over the repo's .venv)
            cmd = re.sub(r"\[(--[^\]]+)\]", r"\1", cmd)
            if "job.json" in cmd and not (scratch / "job.json").exists():
                echo = next(c for c in readme_blocks()[2] if c.startswith('echo \'{"task":"qlora"'))
                (scratch / "job.json").write_text(echo.split("'")[1], encoding="utf-8")
            if "my-prices.csv" in cmd:
                shutil.copy(scratch / "prices.csv", scratch / "my-prices.csv")
            if cmd.endswith("calibrate remove ID"):
                listing = _run("gpupicker calibrate list", scratch, env, capsys).stdout
                cmd = cmd.replace("ID", re.findall(r"^\s*#?(\d+)\b", listing, re.M)[-1])
            if cmd.endswith("restore NAME"):
                listing = _run("gpupicker catalog backups", scratch, env, capsys).stdout
                cmd = cmd.replace("NAME", re.findall(r"catalog-\S+\.sqlite", listing)[-1])
            proc = _run(cmd, cwd, env, capsys)
            ran += 1
            want, says = EXPECTED_STATUS.get(printed, (0, ""))
            if proc.returncode != want or says not in proc.stderr + proc.stdout:
                failures.append(f"{printed!r} → exit {proc.returncode}:\n{proc.stderr[-800:]}")
            if "estimate --workload -" in printed and proc.returncode == 0:
                result = json.loads(proc.stdout.splitlines()[0])
                if "error" in result or "total_bytes" not in result:
                    failures.append(f"{printed!r} printed {result}")
    assert not failures, "\n".join(failures)
    assert ran >= 15
    assert (scratch / "results.png").stat().st_size > 10_000
    assert (scratch / ".venv" / "bin" / "python").exists()
    where = _run("python -c 'import gpupicker; print(gpupicker.__file__)'", scratch, env, capsys)
    assert Path(where.stdout.strip()).is_relative_to(REPO), "the commands ran another checkout's code"


def _printed_outputs() -> dict[str, list[str]]:
    """README command → the ``# →`` output lines printed under it (the comment text)."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    out: dict[str, list[str]] = {}
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        lines = block.replace("\\\n", " ").splitlines()
        for i, line in enumerate(lines):
            if line.startswith("# → "):
                cmd = re.sub(r"\s+#\s.*$", "", lines[i - 1]).strip()
                shown = [line[4:]]
                for more in lines[i + 1 :]:
                    if not more.startswith("#   ") and not more.startswith("#    "):
                        break
                    shown.append(more[1:].strip())
                out[re.sub(r"\s+", " ", cmd)] = shown
    return out


def test_readme_estimate_and_fit_outputs_are_what_the_commands_print(monkeypatch, capsys):
    """The figures under the README's ``estimate`` and ``fit`` examples are today's answers.

    Every ``"key": number`` (and true/false) the README prints under ``estimate`` must be the
    command's own value (``breakdown`` keys looked up in the breakdown), and the lines under
    ``fit`` must be its output word for word, so a model change that moves them fails here.
    """
    import io

    from gpupicker import cli

    shown = _printed_outputs()
    est_cmd = next(c for c in shown if c.endswith("gpupicker estimate --workload -"))
    job = est_cmd.split("'")[1]
    monkeypatch.setattr("sys.stdin", io.StringIO(job))
    assert cli.main(["estimate", "--workload", "-"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[0])
    printed = " ".join(shown[est_cmd])
    pairs = re.findall(r'"(\w+)": (-?[\d.]+|true|false|"[^"]*")', printed)
    assert len(pairs) >= 8, pairs
    for key, value in pairs:
        want = json.loads(value)
        got = result[key] if key in result else result["breakdown"][key]
        assert got == want, f"README says {key} {value}, estimate prints {got}"
    fit_cmd = next(c for c in shown if c.startswith("gpupicker fit --workload job.json"))
    monkeypatch.setattr("sys.stdin", io.StringIO(job))  # job.json is the estimate's job
    argv = fit_cmd.split()[1:]
    argv[argv.index("job.json")] = "-"
    cli.main(argv)
    assert capsys.readouterr().out.strip().splitlines() == shown[fit_cmd]
