"""Binder builds: a fresh venv from exactly binder/requirements.txt, binder/postBuild run in it, and every
notebook run there on a fresh kernel (mybinder.org itself cannot be reached from the test machines).

The venv uses the Python that binder/runtime.txt names where this machine has it, else the running one.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"

pytestmark = pytest.mark.xdist_group("binder")

RUN_NOTEBOOKS = """
import sys, nbformat, tictac_nb
from nbclient import NotebookClient
print(tictac_nb.__file__)
for path in sys.argv[1:]:
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(__import__("pathlib").Path(path).parent)}}).execute()
    print("ran", path)
"""


def runtime_python() -> str:
    """binder/runtime.txt's Python: on PATH, or among pyenv's versions; else the Python running the tests."""
    version = (BINDER / "runtime.txt").read_text().strip().removeprefix("python-")
    candidates = [shutil.which(f"python{version}")]
    if shutil.which("pyenv"):
        root = subprocess.run(["pyenv", "root"], capture_output=True, text=True).stdout.strip()
        candidates += sorted(Path(root).glob(f"versions/{version}.*/bin/python{version}"), reverse=True)
    for candidate in filter(None, candidates):
        if subprocess.run([str(candidate), "--version"], capture_output=True).returncode == 0:
            return str(candidate)
    return sys.executable


def test_binder_requirements_and_post_build_run_every_notebook(tmp_path):
    started = time.monotonic()
    venv = tmp_path / "binder"
    subprocess.run([runtime_python(), "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    env = {**os.environ, "PATH": f"{venv / 'bin'}:{os.environ['PATH']}", "VIRTUAL_ENV": str(venv),
           "JUPYTER_PLATFORM_DIRS": "1", "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    env.pop("PYTHONPATH", None)
    subprocess.run([str(python), "-m", "pip", "install", "--quiet", "-r", str(BINDER / "requirements.txt")],
                   check=True, env=env)
    subprocess.run(["bash", str(BINDER / "postBuild")], cwd=ROOT, check=True, env=env)
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb")) + sorted((ROOT / "notebooks" / "play").glob("*.ipynb"))
    result = subprocess.run([str(python), "-c", RUN_NOTEBOOKS, *map(str, notebooks)], cwd=tmp_path, env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    installed, *ran = result.stdout.split("\n")
    assert installed.startswith(str(venv)), f"the notebooks ran {installed}, not postBuild's install"
    assert [line for line in ran if line.startswith("ran ")] == [f"ran {n}" for n in notebooks]
    version = subprocess.run([str(python), "--version"], capture_output=True, text=True).stdout.strip()
    print(f"\nBinder: {version}, requirements + postBuild + {len(notebooks)} notebooks in "
          f"{time.monotonic() - started:.0f} s")
