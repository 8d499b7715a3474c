"""What the browser tests need: servers, settings and Chromium's whereabouts.

Recipes from TESTING.md: Debian's Chromium driven by Playwright's Python driver; servers in their
own process group on 127.0.0.1 with throwaway config dirs; the notebooks copied to a temp folder so
no test ever rewrites the repository's notebooks. A missing browser fails loudly: it is no skip.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

NOTEBOOKS = Path(os.environ.get("TICTAC_NOTEBOOKS", Path(__file__).resolve().parents[2] / "notebooks"))
TOKEN = "tictac-test-token"
CHROMIUM = next((p for p in ("/usr/lib/chromium/chromium", "/usr/bin/chromium") if os.path.exists(p)), None)
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode} before answering {url}")
        try:
            urllib.request.urlopen(url, timeout=2)
            return
        except urllib.error.HTTPError:
            return  # any HTTP answer means the server is up
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"no answer from {url} after {timeout} s")


class Server:
    """A Jupyter-family server in its own process group, stopped with everything it started."""

    def __init__(self, args: list[str], port: int, home: Path) -> None:
        env = dict(os.environ)
        for name in ("CONFIG", "RUNTIME", "DATA"):
            env[f"JUPYTER_{name}_DIR"] = str(home / name.lower())
        env["JUPYTERLAB_SETTINGS_DIR"] = str(home / "settings")
        env["JUPYTERLAB_WORKSPACES_DIR"] = str(home / "workspaces")
        env["JUPYTER_PLATFORM_DIRS"] = "1"
        self.log = open(home / f"server-{port}.log", "w")
        self.proc = subprocess.Popen(args, env=env, cwd=home, stdout=self.log, stderr=subprocess.STDOUT,
                                     start_new_session=True)
        self.url = f"http://127.0.0.1:{port}"

    def api(self, method: str, path: str):
        """Call the Jupyter server's REST API with the test token; JSON back, or None."""
        request = urllib.request.Request(f"{self.url}{path}", method=method,
                                         headers={"Authorization": f"token {TOKEN}"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            body = answer.read()
        return json.loads(body) if body else None

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
        self.log.close()


def quiet_lab_settings(settings: Path) -> None:
    """No news pop-up, no autosave: a test must never rewrite a notebook."""
    for plugin, values in {
        "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
        "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    }.items():
        path = settings / plugin
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
