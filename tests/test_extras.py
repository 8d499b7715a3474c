"""Each extra works alone: the wheel installed from PyPI into a fresh venv with one extra (or none), and that
extra's job done from a folder outside the checkout. The suite's own environment has every extra, so only this
sees a dependency an extra forgot. Nothing is shared between these tests but the wheel (`conftest.wheel`)."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
INSTALL_TIMEOUT = 600
JOB_TIMEOUT = 180
FRAMES = ("anywidget", "ipywidgets", "pandas", "numpy", "matplotlib")


def venv_with(wheel: Path, extra: str, folder: Path) -> Path:
    """A fresh venv in `folder` (no system site-packages) with `wheel[extra]` installed from PyPI; its python.

    The suite's pip installs into it (`--python`), which spares each venv its own copy of pip, and compiles no
    bytecode ahead (`--no-compile`: Python compiles what a job imports): the two cost most of an install's time."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True, timeout=120)
    python = folder / "bin" / "python"
    wanted = f"{wheel}[{extra}]" if extra else str(wheel)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-compile",
                           "--disable-pip-version-check", wanted], capture_output=True, text=True,
                          timeout=INSTALL_TIMEOUT)
    assert done.returncode == 0, f"pip install {wanted!r} failed:\n{done.stdout}\n{done.stderr}"
    return python


def run_in(python: Path, code: str, cwd: Path) -> str:
    """Run `code` with the venv's python from `cwd` (outside the checkout, so the wheel is what imports)."""
    done = subprocess.run([str(python), "-c", textwrap.dedent(code)], cwd=cwd, capture_output=True, text=True,
                          timeout=JOB_TIMEOUT, env=clean_env(python))
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def clean_env(python: Path) -> dict[str, str]:
    """The environment of a user who activated the venv: its bin first, nothing of the suite's own."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(("PYTHON", "VIRTUAL_ENV", "JUPYTER"))}
    return {**env, "PATH": f"{python.parent}:/usr/bin:/bin", "VIRTUAL_ENV": str(python.parent.parent)}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stop(proc: subprocess.Popen) -> None:
    """End the process group the test started (its own session), and wait for it."""
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=20)


def test_the_bare_wheel_plays_and_says_which_extra_serve_needs(wheel, tmp_path):
    python = venv_with(wheel, "", tmp_path / "venv")
    work = tmp_path / "work"
    work.mkdir()
    out = run_in(python, """
        import importlib.util, json, tictac_nb
        state = tictac_nb.new_game("tyc", seed=2)
        state.play(state.legal_actions()[0])
        print(json.dumps([tictac_nb.__file__, len(state.history), state.render_svg(None)[:4],
                          [m for m in ("tornado", "pandas", "numpy") if importlib.util.find_spec(m)]]))
    """, work)
    where, played, svg, found = json.loads(out)
    assert where.startswith(str(tmp_path / "venv")) and played == 1 and svg == "<svg" and found == []
    serve = subprocess.run([str(python.parent / "tictac-nb"), "serve", "--port", "0", "--data", str(work / "d")],
                           cwd=work, capture_output=True, text=True, timeout=JOB_TIMEOUT, env=clean_env(python))
    assert serve.returncode == 1 and "Traceback" not in serve.stderr, serve.stderr
    assert serve.stderr.strip() == ("tictac-nb serve: the room server needs tornado, which comes with the kit's "
                                    "rooms extra: pip install 'tictac-nb[rooms]'")


ROOMS_PROBE = """
    import asyncio, json, sys, urllib.request
    from tornado.websocket import websocket_connect

    url, teacher = sys.argv[1], sys.argv[2]

    def call(path, body=None, token=None):
        request = urllib.request.Request(url + path, data=None if body is None else json.dumps(body).encode(),
                                         method="GET" if body is None else "POST",
                                         headers={"Authorization": f"Bearer {token}"} if token else {})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, answer.read()

    status, lobby = call("/lobby")
    assert status == 200 and b"lobby.js" in lobby and teacher.encode() not in lobby
    status, body = call("/api/rooms", {"game": "tic-tac-two", "bots": {"1": "random"}}, teacher)
    room = json.loads(body)["id"]
    listing = json.loads(call("/api/rooms", token=teacher)[1])
    [listed] = [r for r in listing["rooms"] if r["id"] == room]
    token = listed["seats"][0]["token"]
    status, page = call(f"/seat/{room}")
    assert status == 200 and token.encode() not in page

    async def hello():
        ws = await websocket_connect(url.replace("http", "ws", 1) + f"/ws/{room}")
        await ws.write_message(json.dumps({"type": "hello", "token": token}))
        frame = json.loads(await asyncio.wait_for(ws.read_message(), 30))
        ws.close()
        return frame

    frame = asyncio.run(hello())
    modules = [m for m in ("anywidget", "ipywidgets", "pandas", "numpy", "matplotlib") if m in sys.modules]
    print(json.dumps({"hello": frame.get("hello"), "set": sorted(frame.get("set", {})), "modules": modules}))
"""


def test_rooms_serves_a_lobby_a_seat_and_its_websocket_with_no_widget_or_frame(wheel, tmp_path):
    python = venv_with(wheel, "rooms", tmp_path / "venv")
    work = tmp_path / "work"
    work.mkdir()
    out = run_in(python, f"""
        import importlib.util, json, sys
        import tictac_nb.rooms.app
        print(json.dumps([[m for m in {FRAMES!r} if m in sys.modules],
                          [m for m in ("pandas", "numpy", "matplotlib") if importlib.util.find_spec(m)]]))
    """, work)
    assert json.loads(out) == [[], []]
    server = subprocess.Popen([str(python.parent / "tictac-nb"), "serve", "--host", "127.0.0.1", "--port", "0",
                               "--data", str(work / "rooms-data"), "--bot-delay", "0"], cwd=work,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=clean_env(python),
                              start_new_session=True)
    try:
        url = teacher = None
        deadline = time.monotonic() + JOB_TIMEOUT
        printed = []
        while time.monotonic() < deadline and teacher is None:
            line = server.stdout.readline()
            assert line, "the room server ended before it listened:\n" + "".join(printed)
            printed.append(line)
            found = re.search(r"Lobby \(for the teacher only\): (http://127\.0\.0\.1:\d+)/lobby#(\S+)", line)
            if found:
                url, teacher = found.groups()
        assert teacher, "".join(printed)
        probe = subprocess.run([str(python), "-c", textwrap.dedent(ROOMS_PROBE), url, teacher], cwd=work,
                               capture_output=True, text=True, timeout=JOB_TIMEOUT, env=clean_env(python))
        assert probe.returncode == 0, probe.stdout + probe.stderr
        said = json.loads(probe.stdout)
        assert said["hello"] and "svg" in said["set"] and said["modules"] == []
        assert server.poll() is None
    finally:
        stop(server)
    assert (work / "rooms-data" / "rooms.sqlite3").is_file()


def test_play_serves_a_play_page_with_voila(wheel, tmp_path):
    python = venv_with(wheel, "play", tmp_path / "venv")
    work = tmp_path / "work"
    work.mkdir()
    kernels = subprocess.run([str(python.parent / "jupyter"), "kernelspec", "list", "--json"], cwd=work,
                             capture_output=True, text=True, timeout=JOB_TIMEOUT, env=clean_env(python))
    assert kernels.returncode == 0, kernels.stderr
    specs = json.loads(kernels.stdout)["kernelspecs"]
    assert any(spec["spec"]["language"] == "python" for spec in specs.values()), specs
    shutil.copy(ROOT / "notebooks" / "play" / "tic-tac-two.ipynb", work)
    shutil.copy(ROOT / "notebooks" / "play" / "voila.json", work)
    port = free_port()
    env = {**clean_env(python), "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"), "JUPYTER_DATA_DIR": str(tmp_path / "data")}
    log = open(tmp_path / "voila.log", "w+")
    voila = subprocess.Popen([str(python), "-m", "voila", "tic-tac-two.ipynb", "--no-browser", f"--port={port}",
                              "--Voila.ip=127.0.0.1"], cwd=work, stdout=log, stderr=subprocess.STDOUT, env=env,
                             start_new_session=True)
    try:
        status, page = None, ""
        deadline = time.monotonic() + JOB_TIMEOUT
        while time.monotonic() < deadline and status is None:
            assert voila.poll() is None, "voila ended:\n" + (tmp_path / "voila.log").read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=120) as answer:
                    status, page = answer.status, answer.read().decode()
            except urllib.error.HTTPError as error:
                status, page = error.code, error.read().decode(errors="replace")
            except OSError:
                time.sleep(0.5)
        logged = (tmp_path / "voila.log").read_text()
        assert status == 200, f"{status}: {page[-2000:]}\n{logged[-3000:]}"
        assert "application/vnd.jupyter.widget-view+json" in page, page[-2000:]
        assert "<svg" in page and "Tic Tac Two" in page, page[-2000:]
        assert "Traceback" not in page and "Error" not in logged.replace("ErrorLog", ""), logged[-3000:]
    finally:
        stop(voila)
        log.close()


def test_lab_plays_a_batch_and_sums_it_up(wheel, tmp_path):
    python = venv_with(wheel, "lab", tmp_path / "venv")
    out = run_in(python, """
        import json
        from tictac_nb import lab
        games = lab.play_games("tic-tac-two", 20, seed=1)
        summary = lab.summary(games)
        print(json.dumps({"games": int(summary["games"]), "seeds": games["seed"].tolist(),
                          "first": float(summary["first_player_advantage"]), "done": bool(games["completed"].all())}))
    """, tmp_path)
    said = json.loads(out.strip().splitlines()[-1])
    assert said["games"] == 20 and said["seeds"] == list(range(1, 21)) and said["done"]
    assert 0.0 <= said["first"] <= 1.0


def test_rl_passes_pettingzoos_own_api_test(wheel, tmp_path):
    python = venv_with(wheel, "rl", tmp_path / "venv")
    out = run_in(python, """
        from pettingzoo.test import api_test
        from tictac_nb.adapters.pettingzoo import env
        api_test(env("tic-tac-two"), num_cycles=50)
        print("passed")
    """, tmp_path)
    assert "Passed API test" in out and out.strip().endswith("passed")
