"""`make lab`, `make play`, `make serve` and `make docs` do as the README says, also as root (containers,
classroom servers): the servers run headless on a free port and serve the notebooks, the play pages and the
lobby; the documentation site is built."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import urllib.request
from pathlib import Path

import pytest
from browser_support import free_port, quiet_lab_settings, wait_for_http

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "make-lab-test"

pytestmark = pytest.mark.xdist_group("make")


def start(target: str, args: str, home: Path) -> subprocess.Popen:
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings"), "JUPYTERLAB_WORKSPACES_DIR": str(home / "ws")}
    quiet_lab_settings(home / "settings")
    return subprocess.Popen(["make", "--no-print-directory", target, f"{target.upper()}_ARGS={args}"], cwd=ROOT,
                            env=env, stdout=open(home / f"{target}.log", "w"), stderr=subprocess.STDOUT,
                            start_new_session=True)


def stop(proc: subprocess.Popen) -> None:
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def fetched(target: str, args: str, ready: str, path: str, home: Path) -> str:
    """`make TARGET` on a free port (`{port}` in `args`), the page at `path` once `ready` answers, then stopped."""
    port = free_port()
    proc = start(target, args.format(port=port), home)
    try:
        wait_for_http(f"http://127.0.0.1:{port}{ready}", proc, timeout=180)
        return urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=120).read().decode()
    finally:
        stop(proc)


def test_make_lab_serves_the_notebooks(tmp_path):
    if shutil.which("make") is None:
        pytest.fail("make is not installed")
    port = free_port()
    proc = start("lab", f"--no-browser --port={port} --ServerApp.ip=127.0.0.1 --IdentityProvider.token={TOKEN}",
                 tmp_path)
    try:
        wait_for_http(f"http://127.0.0.1:{port}/api/status", proc, timeout=180)
        request = urllib.request.Request(f"http://127.0.0.1:{port}/api/contents",
                                         headers={"Authorization": f"token {TOKEN}"})
        listing = json.loads(urllib.request.urlopen(request, timeout=30).read())
    finally:
        stop(proc)
    served = {item["name"] for item in listing["content"]}
    assert {p.name for p in (ROOT / "notebooks").glob("*.ipynb")} <= served, (tmp_path / "lab.log").read_text()[-2000:]


def test_make_play_serves_the_play_pages(tmp_path):
    page = fetched("play", "--no-browser --port={port} --Voila.ip=127.0.0.1", "/", "/voila/render/tyc.ipynb", tmp_path)
    assert "application/vnd.jupyter.widget-view+json" in page, "the play page rendered no widget"
    assert "import PlayPage" not in page, "the play page shows its code"


def test_make_serve_serves_the_lobby(tmp_path):
    lobby = fetched("serve", f"--host 127.0.0.1 --port {{port}} --data {tmp_path / 'data'}", "/lobby", "/lobby",
                    tmp_path)
    log = (tmp_path / "serve.log").read_text()
    assert "Lobby (for the teacher only)" in log and f"0 rooms reopened from {tmp_path / 'data'}" in log, log[-2000:]
    assert "<html" in lobby.lower() and (tmp_path / "data" / "rooms.key").is_file()


def test_make_docs_builds_the_documentation_site(tmp_path):
    index = ROOT / "build" / "docs" / "index.html"
    before = index.stat().st_mtime if index.is_file() else 0.0
    done = subprocess.run(["make", "--no-print-directory", "docs"], cwd=ROOT, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert index.stat().st_mtime > before and (ROOT / "build" / "docs" / "reference" / "index.html").is_file()
    if (ROOT / "build" / "site").is_dir():
        assert (ROOT / "build" / "site" / "docs" / "index.html").read_bytes() == index.read_bytes()
