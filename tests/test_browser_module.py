"""`tictac_nb.core.browser`: offline in a web page, a missing plotting package says so in one line."""

import subprocess
import sys
import textwrap


def test_a_missing_plotting_package_stands_in_and_says_why():
    code = textwrap.dedent("""
        import sys

        from tictac_nb import browser
        sys.path[:] = [p for p in sys.path if "site-packages" not in p]  # pandas cannot be found, as offline
        browser.offline_plots()
        browser.offline_plots()
        import pandas as pd
        try:
            pd.DataFrame()
        except browser.OnlineOnly as why:
            print(why)
        import json
        print(sum(isinstance(f, browser.UnreachableFinder) for f in sys.meta_path), json.__name__)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["plots need the online site or a local install", "1 json"]


def test_a_page_without_ipython_imports_the_widgets_and_plays_on_a_stand_in():
    code = textwrap.dedent("""
        import sys

        class Uninstalled:  # IPython cannot be found, as in a play page of the site
            def find_spec(self, name, path=None, target=None):
                if name.partition(".")[0] == "IPython":
                    raise ModuleNotFoundError(name)

        sys.meta_path.insert(0, Uninstalled())
        from tictac_nb import browser
        browser.without_ipython()
        from tictac_nb.web.page import SitePage
        import ipywidgets
        from IPython import get_ipython
        print(get_ipython(), "__file__" in vars(sys.modules["IPython"]))
        page = SitePage("tic-tac-two", print)
        print(page.deal('{"options": {}, "seats": ["human", "human"], "seed": 3}')[:10])
        try:
            ipywidgets.Output().append_display_data("x")
        except browser.NoShell as why:
            print(why)
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["None False", '{"state": ', "this page runs no IPython shell to display in"]


def test_where_ipython_is_installed_it_is_the_real_one():
    code = ("from tictac_nb import browser; browser.without_ipython(); import IPython; "
            "print(IPython.__file__ is not None, callable(IPython.embed))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]
