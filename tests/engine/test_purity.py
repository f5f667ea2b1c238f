"""docs/DESIGN.md: the engine imports neither textual nor rich; proven in a fresh interpreter."""
import subprocess
import sys


def test_engine_imports_no_ui_library() -> None:
    code = (
        "import sys, dominoes_tui.engine, dominoes_tui.bots, dominoes_tui.bots.runner\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & {'textual', 'rich'}))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
