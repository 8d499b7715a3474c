"""The shape of the house: files per layer, the longest modules and functions, the imports made inside functions.

    python tools/house.py

The rules of the house (the layers, no import circle, a game imports no other, the room server loads no widget)
are import-linter's contracts in pyproject.toml, run by `lint-imports` and by tests/test_house.py. This walk
says what they cannot: the figures above, and which module reaches up to the package `tictac_nb` itself.
An import is an edge from one `tictac_nb` module to another, whether made at the top of the module or inside a
function; imports under `if TYPE_CHECKING:` are for type checkers only and are left out.
"""

from __future__ import annotations

import ast
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


def layers(package: Path = PACKAGE) -> dict[str, int]:
    """How many modules each top-level folder (layer or family) holds; the package's own files under "(top)"."""
    found: dict[str, int] = {}
    for name in modules(package):
        parts = name.split(".")
        folder = parts[1] if len(parts) > 1 and (package / parts[1]).is_dir() else "(top)"
        found[folder] = found.get(folder, 0) + 1
    return dict(sorted(found.items()))


def longest_modules(package: Path = PACKAGE, count: int = 10) -> list[tuple[int, str]]:
    """The `count` longest modules, as (lines, module)."""
    return sorted(((len(path.read_text().splitlines()), name) for name, path in modules(package).items()),
                  reverse=True)[:count]


def main() -> None:
    edges = imports()
    print("modules per folder: " + ", ".join(f"{folder} {count}" for folder, count in layers().items()))
    print("longest modules:")
    for lines, name in longest_modules():
        print(f"  {lines:4} {name}")
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
