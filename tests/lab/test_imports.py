"""How the design lab loads: after a bare `import tictac_nb`, and what it says when its extra is missing."""

import subprocess
import sys
import textwrap


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120)


def test_lab_is_an_attribute_after_a_bare_import():
    done = run("""
        import sys
        import tictac_nb
        assert "pandas" not in sys.modules, "import tictac_nb alone must not load pandas"
        print(tictac_nb.lab.play_games.__name__)
    """)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["play_games"]


def test_without_pandas_the_lab_names_the_extra_to_install():
    done = run("""
        import sys

        class NoPandas:
            def find_spec(self, name, path=None, target=None):
                if name == "pandas" or name.startswith("pandas."):
                    raise ModuleNotFoundError(f"No module named {name!r}", name=name)

        sys.meta_path.insert(0, NoPandas())
        from tictac_nb import lab
    """)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last == ("ModuleNotFoundError: the design lab needs pandas, which comes with the kit's lab extra: "
                    "pip install 'tictac-nb[lab]'"), done.stderr
