"""Research tools: every game as a PettingZoo environment (`adapters.pettingzoo`) and an OpenSpiel game
(`adapters.openspiel`), over one fixed numbering of actions (`adapters.actions`) and one encoding of a
seat's view as a tensor (`adapters.observations`).

The kit imports none of this: the adapters need the `rl` extra (pettingzoo, gymnasium, numpy) or the
`bench` extra (open-spiel), and `import tictac_nb` never loads them.
"""

from pathlib import Path

from ..core.speedups import warn_stale

KIT = Path(__file__).parent.parent
warn_stale([KIT / "core" / "tracker.py", *KIT.glob("games/*/tracker.py")])
