"""The layout holds: the engine imports only its data, nothing imports in a circle, the engine imports nothing inside
functions, and no module of the package grows past about 500 lines."""
from __future__ import annotations

import ast
from pathlib import Path

from support import ROOT

PACKAGE = ROOT / "sestertius"
ENGINE = ("sestertius.rules", "sestertius.data")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _is_type_checking(node: ast.If) -> bool:
    return isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING"


def imports(path: Path, modules: set[str] | None = None) -> tuple[set[str], list[int]]:
    """The package modules imported at run time at module level, and the lines of imports inside functions.
    ``from package import a, b``: the submodules a and b when they are modules, else the package."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top: set[str] = set()
    inner: list[int] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _is_type_checking(child):
                continue  # annotations only
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                if isinstance(child, ast.Import):
                    names = [a.name for a in child.names]
                else:
                    subs = [f"{child.module}.{a.name}" for a in child.names]
                    known = modules or set()
                    names = subs if all(n in known for n in subs) else [child.module or ""]
                names = [n for n in names if n.startswith("sestertius")]
                if names and in_function:
                    inner.append(child.lineno)
                elif names:
                    top.update(names)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)))
    visit(tree, False)
    return top, inner


def graph() -> dict[str, set[str]]:
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in files.items():
        top, _ = imports(path, set(files))
        out[name] = {n for n in top if n in files and n != name}
    return out


def test_the_engine_imports_only_itself_and_its_data():
    for name, deps in graph().items():
        if name.startswith(ENGINE):
            outside = {d for d in deps if not d.startswith(ENGINE)}
            assert not outside, f"{name} imports {sorted(outside)}"


def test_no_module_imports_in_a_circle():
    g = graph()
    state: dict[str, int] = {}  # 1: on the current path, 2: done

    def walk(node: str, path: list[str]) -> None:
        state[node] = 1
        for dep in sorted(g[node]):
            if state.get(dep) == 1:
                cycle = path[path.index(dep):] + [dep] if dep in path else [node, dep]
                raise AssertionError("import circle: " + " -> ".join(cycle))
            if dep not in state:
                walk(dep, path + [dep])
        state[node] = 2

    for node in sorted(g):
        if node not in state:
            walk(node, [node])


def test_the_engine_imports_nothing_inside_functions():
    for path in PACKAGE.rglob("*.py"):
        if module_name(path).startswith(ENGINE):
            _, inner = imports(path)
            assert not inner, f"{path.relative_to(ROOT)}: imports inside functions at lines {inner}"


def test_no_module_of_the_package_is_over_about_500_lines():
    long = {str(p.relative_to(ROOT)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 520}
    assert not long, long
