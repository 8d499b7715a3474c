"""The shape of the house: the kit's import circles, its imports made inside functions, its longest functions.

    python tools/house.py

An import is an edge from one `tictac_nb` module to another, whether made at the top of the module or inside a
function (a lazy import still ties the two modules together); imports under `if TYPE_CHECKING:` are for type
checkers only and are left out. `tests/test_house.py` keeps the circles out with this same walk.
"""

from __future__ import annotations

import ast
import itertools
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "tictac_nb"


@dataclass(frozen=True)
class Import:
    importer: str
    imported: str
    names: tuple[str, ...]
    line: int
    function: str | None
    """The function the import is made in (its dotted name), or None for the module's top level."""


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name, for its `__init__.py`)."""
    found = {}
    for path in sorted(package.rglob("*.py")):
        parts = path.relative_to(package.parent).with_suffix("").parts
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(node: ast.AST, function: str | None = None):
    """Each import statement under `node` with the function it is made in, leaving out TYPE_CHECKING blocks."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _type_checking(child):
            for rest in child.orelse:
                yield from _walk(ast.Module(body=[rest], type_ignores=[]), function)
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child, function
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _walk(child, f"{function}.{child.name}" if function else child.name)
        elif isinstance(child, ast.ClassDef):
            yield from _walk(child, f"{function}.{child.name}" if function else child.name)
        else:
            yield from _walk(child, function)


def _targets(importer: str, is_package: bool, node: ast.Import | ast.ImportFrom, known: dict) -> list[tuple]:
    """The package's modules a statement imports, each with the names taken from it."""
    if isinstance(node, ast.Import):
        return [(alias.name, ()) for alias in node.names if alias.name in known]
    if node.level:
        base = importer.split(".")
        base = base[:len(base) - node.level + (1 if is_package else 0)]
        source = ".".join(base + ([node.module] if node.module else []))
    else:
        source = node.module or ""
    if source not in known:
        return []
    found, names = [], []
    for alias in node.names:
        if f"{source}.{alias.name}" in known:
            found.append((f"{source}.{alias.name}", ()))
        else:
            names.append(alias.name)
    if names or not found:
        found.append((source, tuple(names)))
    return found


def imports(package: Path = PACKAGE) -> list[Import]:
    """Every import of one of the package's modules by another. Importing `a.b.c` also runs `a.b`'s
    `__init__.py` (an edge to `a.b` too) unless `a.b` is a package the importer itself sits in."""
    known = modules(package)
    edges = []
    for name, path in known.items():
        is_package = path.name == "__init__.py"
        own = {".".join(name.split(".")[:i]) for i in range(1, name.count(".") + 2)}
        for node, function in _walk(ast.parse(path.read_text(), str(path))):
            for target, names in _targets(name, is_package, node, known):
                parts = target.split(".")
                for i in range(1, len(parts)):
                    parent = ".".join(parts[:i])
                    if parent not in own and parent in known:
                        edges.append(Import(name, parent, (), node.lineno, function))
                if target != name:
                    edges.append(Import(name, target, names, node.lineno, function))
    return edges


def circles(edges: list[Import]) -> list[list[str]]:
    """The import circles: for each group of modules that import one another (Tarjan's strongly connected
    components of more than one module), a shortest loop through each of its modules, each loop once."""
    graph: dict[str, set[str]] = {}
    for edge in edges:
        graph.setdefault(edge.importer, set()).add(edge.imported)
        graph.setdefault(edge.imported, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in sorted(graph[node]):
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10 * len(graph) + 100))
    for node in sorted(graph):
        if node not in index:
            visit(node)
    loops: dict[frozenset, list[str]] = {}
    for group in sorted(groups):
        for start in group:
            loop = _loop(graph, group, start)
            loops.setdefault(frozenset(itertools.pairwise(loop)), loop)
    return sorted(loops.values(), key=lambda loop: (len(loop), loop))


def _loop(graph: dict[str, set[str]], group: list[str], start: str) -> list[str]:
    """A shortest path from `start` back to itself within its group (breadth first), start and end included."""
    members = set(group)
    came = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for other in sorted(graph[node] & members):
            if other == start:
                path = [node]
                while came[path[-1]] is not None:
                    path.append(came[path[-1]])
                return [*reversed(path), start]
            if other not in came:
                came[other] = node
                queue.append(other)
    return group


def longest_functions(package: Path = PACKAGE, count: int = 10) -> list[tuple[int, str]]:
    """The `count` longest functions and methods, as (lines, "module:Class.function")."""
    found = []
    for name, path in modules(package).items():
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                for item in node.body:
                    if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                        found.append((item.end_lineno - item.lineno + 1, f"{name}:{node.name}.{item.name}"))
        for item in tree.body:
            if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.append((item.end_lineno - item.lineno + 1, f"{name}:{item.name}"))
    return sorted(found, reverse=True)[:count]


def class_lines(module: str, cls: str, package: Path = PACKAGE) -> int:
    """How many lines a class takes in its module."""
    tree = ast.parse(modules(package)[module].read_text())
    node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
    return node.end_lineno - node.lineno + 1


def main() -> None:
    edges = imports()
    found = circles(edges)
    print(f"import circles: {len(found)}")
    pairs = {(e.importer, e.imported): e for e in edges}
    for loop in found:
        steps = []
        for a, b in itertools.pairwise(loop):
            edge = pairs[a, b]
            steps.append(f"{a} -> {b} ({'in ' + edge.function if edge.function else 'top'}, line {edge.line})")
        print("  " + "; ".join(steps))
    inner = [e for e in edges if e.function]
    print(f"imports of the kit's own modules made inside functions: {len(inner)}")
    for edge in inner:
        print(f"  {edge.importer}:{edge.line} {edge.function} imports {edge.imported} {', '.join(edge.names)}")
    print("longest functions:")
    for lines, name in longest_functions():
        print(f"  {lines:4} {name}")
    for module, cls in (("tictac_nb.notebook.widget", "Board"), ("tictac_nb.notebook.table", "Table")):
        print(f"{module}:{cls}: {class_lines(module, cls)} lines")


if __name__ == "__main__":
    main()
