"""The package type-checks: mypy, configured in pyproject.toml ([tool.mypy]), finds no error in it."""

from __future__ import annotations

import sys
from pathlib import Path

from mypy import api

ROOT = Path(__file__).resolve().parents[1]


def test_the_package_type_checks(tmp_path, monkeypatch):
    monkeypatch.chdir(ROOT)  # the config's `files` and the paths in messages are the repository's
    limit = sys.getrecursionlimit()
    try:
        out, err, status = api.run(["--config-file", str(ROOT / "pyproject.toml"), "--cache-dir",
                                    str(tmp_path / "cache"), "--show-error-codes"])
    finally:  # mypy raises the interpreter's limit for good; later tests in this process must meet the usual one
        sys.setrecursionlimit(limit)
    assert status == 0 and not err, "mypy finds:\n" + out + err
    assert out.startswith("Success: no issues found in ") and int(out.split()[-3]) > 150, out
