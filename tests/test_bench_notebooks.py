"""bench/notebooks.py: it times a notebook on a fresh kernel, and reports a broken one without stopping."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]


def load_bench():
    spec = importlib.util.spec_from_file_location("bench_notebooks", ROOT / "bench" / "notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_it_times_a_notebook_and_reports_a_broken_one(tmp_path, capsys):
    broken = tmp_path / "broken.ipynb"
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell("1 / 0")]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nbformat.write(notebook, broken)
    load_bench().main([str(broken), str(ROOT / "notebooks" / "play" / "tyc.ipynb"), "--cells", "0"])
    out = capsys.readouterr().out
    assert re.search(r"broken\.ipynb\s+failed: ZeroDivisionError: division by zero\s+NOT met", out), out
    timed = re.search(r"play/tyc\.ipynb\s+(\d+\.\d)\s+(\d+\.\d)\s+\[(\d+)\] \d+\.\d s\s+(met|NOT met)", out)
    assert timed, out
    assert float(timed[1]) >= float(timed[2]) > 0
    assert "cell [" in out and "aim: every notebook <= 20 s: NOT met (" in out and "broken.ipynb" in out
