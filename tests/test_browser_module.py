"""`tictac_nb.browser`: offline in a web page, a missing plotting package says so in one line."""

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
