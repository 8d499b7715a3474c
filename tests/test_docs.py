"""The documentation site builds as `make docs` builds it (`mkdocs build --strict`, so a broken link or a missing
reference is an error), with no warning; its API reference holds the kit's docstrings; every guide page is
there; the README stays short and every relative link in it and in docs/ points at a file that exists."""

from __future__ import annotations

import html
import inspect
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tictac_nb
from tictac_nb.core import engine

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["index", "teacher", "student", "researcher", "figures", "rules", "reference", "architecture", "calibration"]
LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)[^)]*\)|!\[[^\]]*\]\(([^)\s]+)[^)]*\)")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The site built into a temporary folder, and what mkdocs printed."""
    out = tmp_path_factory.mktemp("docs") / "site"
    build = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(ROOT / "mkdocs.yml"),
         "--site-dir", str(out)],
        cwd=ROOT, capture_output=True, text=True, timeout=120, env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    return out, build.stdout + build.stderr


def text_of(page: Path) -> str:
    """A built page's words, without tags and with every run of white space one space."""
    words = re.sub(r"<[^>]+>", "", page.read_text())
    return " ".join(html.unescape(words).split())


def first_paragraph(thing: object) -> str:
    """A docstring's first paragraph as the reference shows it: without backticks, one space between words."""
    doc = inspect.getdoc(thing) or ""
    return " ".join(doc.split("\n\n")[0].replace("`", "").split())


def relative_links(markdown: str) -> list[str]:
    """The links of a Markdown text that point into the repository (no scheme, no bare anchor), without anchors."""
    targets = [a or b for a, b in LINK.findall(markdown)]
    return [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:", t) and not t.startswith("#")]


def test_the_docs_build_strictly_without_a_warning(site):
    out, printed = site
    assert "WARNING" not in printed and "ERROR" not in printed, printed
    assert (out / "index.html").exists()


def test_every_page_is_built(site):
    out, _ = site
    for page in PAGES:
        assert (ROOT / "docs" / f"{page}.md").exists(), page
        assert (out / ("index.html" if page == "index" else f"{page}/index.html")).exists(), page


def test_the_reference_holds_the_kits_docstrings(site):
    out, _ = site
    reference = text_of(out / "reference" / "index.html")
    for thing in (tictac_nb.new_game, engine.Game, engine.State, tictac_nb.check_game):
        assert first_paragraph(thing) in reference, thing
    for module in ("tictac_nb.core.engine", "tictac_nb.core.registry", "tictac_nb.core.bots", "tictac_nb.grid",
                   "tictac_nb.cards", "tictac_nb.checks", "tictac_nb.lab", "tictac_nb.coach", "tictac_nb.rooms",
                   "tictac_nb.adapters"):
        assert f'id="{module}"' in (out / "reference" / "index.html").read_text(), module


def test_the_readme_is_short_and_its_links_resolve():
    readme = (ROOT / "README.md").read_text()
    assert len(readme.splitlines()) <= 260
    links = relative_links(readme)
    assert "docs/teacher.md" in links and "docs/reference.md" in links
    missing = [link for link in links if not (ROOT / link).exists()]
    assert not missing, missing


def test_every_relative_link_in_the_docs_resolves():
    for page in sorted((ROOT / "docs").glob("*.md")):
        missing = [link for link in relative_links(page.read_text()) if not (page.parent / link).exists()]
        assert not missing, (page.name, missing)
