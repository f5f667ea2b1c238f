"""docs/DESIGN.md: the engine imports neither textual nor rich; proven in a fresh interpreter."""
import ast
import subprocess
import sys
from pathlib import Path

import dominoes_tui.engine


def test_engine_imports_no_ui_library() -> None:
    code = (
        "import sys, dominoes_tui.engine, dominoes_tui.bots, dominoes_tui.bots.runner\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


ENGINE = Path(dominoes_tui.engine.__file__).parent


def _imported(path: Path) -> set[str]:
    """The modules a file names in its imports, relative ones made absolute (a lazy import
    inside a function counts too)."""
    package = "dominoes_tui." + ".".join(path.relative_to(ENGINE.parent).with_suffix("").parts[:-1])
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_the_engine_imports_nothing_from_i18n() -> None:
    """The engine speaks in keys (engine/errors.py); words are put in a language at the edges."""
    named = {str(path.relative_to(ENGINE)): sorted(m for m in _imported(path) if m.startswith(("dominoes_tui.i18n", "babel")))
             for path in ENGINE.rglob("*.py")}
    assert {path: modules for path, modules in named.items() if modules} == {}
    code = ("import sys, dominoes_tui.engine, dominoes_tui.engine.gamelog\n"
            "print(sorted(m for m in sys.modules if 'i18n' in m or m.startswith('babel')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_what_mypyc_compiles_needs_no_babel_to_build() -> None:
    """Babel is no build requirement (pyproject.toml): mypyc type-checks the compiled modules
    and every module they import, and none of those may import Babel."""
    from dominoes_tui.bots.compiled import COMPILED as BOTS
    from dominoes_tui.engine.core import COMPILED as CORE

    root = ENGINE.parent.parent
    todo = [f"dominoes_tui.engine.{name}" for name in CORE] + [f"dominoes_tui.bots.{name}" for name in BOTS]
    seen: set[str] = set()
    babel: list[str] = []
    while todo:
        module = todo.pop()
        parts = module.split(".")
        for path in (root.joinpath(*parts).with_suffix(".py"), root.joinpath(*parts, "__init__.py")):
            if path.exists() and module not in seen:
                seen.add(module)
                names = _imported(path)
                babel += [f"{module} imports {name}" for name in names if name.split(".")[0] == "babel"]
                todo += [name for name in names if name.startswith("dominoes_tui")]
                todo += [".".join(parts[:i]) for i in range(2, len(parts))]  # its packages' __init__ run first
    assert "dominoes_tui.engine.game" in seen and "dominoes_tui.bots" in seen
    assert babel == []
