"""training/ is pure, as the match analysis is: no textual, no rich, no database, nothing
of the layers above the bots; proven in a fresh interpreter."""
import subprocess
import sys


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
