"""The layout holds: the engine imports only its data, nothing imports in a circle (not even from inside a function),
the engine imports nothing inside functions, no module of the package grows past about 500 lines, and the package
ships its type marker (py.typed)."""
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


def run_time_graph() -> dict[str, set[str]]:
    """Every import that runs, at module level or inside a function (not those under TYPE_CHECKING).
    ``from package import a, b`` depends on the package (its ``__init__`` runs and the names are read from it) and on
    a and b where they are modules; relative imports are resolved."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        deps: set[str] = set()
        for node in _run_time_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                deps.update(a.name for a in node.names)
                continue
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1] + ([base] if base else []))
            deps.add(base)
            deps.update(f"{base}.{a.name}" for a in node.names)
        out[name] = {d for d in deps if d in files and d != name}
    return out


def _run_time_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    found: list[ast.Import | ast.ImportFrom] = []
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and _is_type_checking(child):
            continue
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            found.append(child)
        found += _run_time_imports(child)
    return found


def circles(g: dict[str, set[str]]) -> list[set[str]]:
    """The groups of modules that import each other, directly or through others (strongly connected components of
    more than one module, by Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(g[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = set()
            while True:
                w = stack.pop()
                group.add(w)
                if w == v:
                    break
            if len(group) > 1:
                found.append(group)

    for v in sorted(g):
        if v not in index:
            visit(v)
    return found


KNOWN_CIRCLES: list[set[str]] = []  # none: a circle found is a defect


def test_circles_are_found():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_modules_import_each_other_even_from_inside_functions():
    found = [sorted(c) for c in circles(run_time_graph()) if c not in KNOWN_CIRCLES]
    assert not found, f"import circles: {found}"


def test_the_graph_holds_imports_from_packages_and_inside_functions():
    g = run_time_graph()
    cards = "sestertius.rules.cards"
    # from sestertius.rules.cards import architect: the module, not the package
    assert {f"{cards}.architect", f"{cards}.senator"} <= g["sestertius.rules.rulebook"]
    assert "sestertius.cli.solo" in g["sestertius.cli"]  # imported inside the function of the command
    assert "sestertius.cli" not in g["sestertius.cli.tournament"]


def test_the_engine_imports_nothing_inside_functions():
    for path in PACKAGE.rglob("*.py"):
        if module_name(path).startswith(ENGINE):
            _, inner = imports(path)
            assert not inner, f"{path.relative_to(ROOT)}: imports inside functions at lines {inner}"


def test_no_module_of_the_package_is_over_about_500_lines():
    long = {str(p.relative_to(ROOT)): n for p in PACKAGE.rglob("*.py")
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > 520}
    assert not long, long


def test_the_package_ships_its_type_marker():
    import tomllib
    assert (PACKAGE / "py.typed").is_file()
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "py.typed" in data["tool"]["setuptools"]["package-data"]["sestertius"]
