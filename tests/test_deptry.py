"""Every module the package imports is declared (in the base dependencies or an extra) and every declared package
is used, as deptry reads them ([tool.deptry] in pyproject.toml says what it cannot see, and why)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def deptry(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "deptry", "--no-ansi", "tictac_nb"], cwd=root, capture_output=True,
                          text=True, timeout=300)


def test_deptry_finds_no_dependency_issue():
    ran = deptry(ROOT)
    assert ran.returncode == 0, ran.stdout + ran.stderr
    assert "No dependency issues found" in ran.stdout + ran.stderr
    assert "Assuming the corresponding module name" not in ran.stderr, ran.stderr


def test_deptry_catches_an_undeclared_import_planted_in_a_copy(tmp_path):
    shutil.copytree(ROOT / "tictac_nb", tmp_path / "tictac_nb", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    module = tmp_path / "tictac_nb" / "rooms" / "ladder.py"
    module.write_text(module.read_text() + "\n\ndef _page():\n    import jinja2\n")  # Jupyter's, not declared
    ran = deptry(tmp_path)
    assert ran.returncode == 1
    said = ran.stdout + ran.stderr
    assert "tictac_nb/rooms/ladder.py" in said and "DEP003 'jinja2' imported but it is a transitive" in said, said
