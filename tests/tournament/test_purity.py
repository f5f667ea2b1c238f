"""docs/DESIGN.md: tournament/ is pure: no textual, no rich, no database; proven in a fresh interpreter."""
import subprocess
import sys


def test_tournament_layer_imports_no_ui_or_database_library() -> None:
    code = (
        "import sys, dominoes_tui.tournament, dominoes_tui.tournament.play, dominoes_tui.tournament.entrants\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich', 'sqlalchemy', 'sqlite3', 'alembic'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
