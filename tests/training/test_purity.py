"""training/ is pure, as the match analysis is: no textual, no rich, no database, nothing
of the layers above the bots; proven in a fresh interpreter. The tests' oracles share no
code with the program at all."""
import ast
import subprocess
import sys
from pathlib import Path


def test_training_imports_no_ui_database_or_upper_layer() -> None:
    modules = ["admit", "check", "deals", "generate", "harvest", "puzzle", "selfplay", "store", "themes"]
    code = (
        "import sys\n" + "".join(f"import dominoes_tui.training.{m}\n" for m in modules)
        + "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich', 'sqlalchemy', 'sqlite3', 'alembic'}"
        " | {m for m in sys.modules if m.split('.')[:2] in (['dominoes_tui', x] for x in"
        " ('table', 'net', 'ui', 'records', 'commands', 'tournament'))}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


ORACLES = Path(__file__).resolve().parent.parent / "oracle"


def _imported(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or ""))
    return out


def test_the_oracles_share_no_code_with_the_program() -> None:
    # The exact solvers that check the starter set's answers are written from docs/RULES.md
    # alone: each imports the standard library and the other oracles, nothing of
    # dominoes_tui (else a mistake in the engine or the search could agree with itself).
    modules = sorted(p for p in ORACLES.glob("*.py") if p.name != "__init__.py")
    assert {p.stem for p in modules} >= {"draw_endgame", "line_endgame", "partner_endgame", "fives_endgame"}
    for path in modules:
        for name in _imported(path):
            own = name.startswith(".") and name.lstrip(".") in {p.stem for p in modules}
            assert own or name.split(".")[0] in sys.stdlib_module_names, (path.name, name)
    code = ("import sys\n" + "".join(f"import tests.oracle.{p.stem}\n" for p in modules)
            + "print(sorted(m for m in sys.modules if m.split('.')[0] == 'dominoes_tui'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=ORACLES.parent.parent)
    assert out.stdout.strip() == "[]"
