"""No sentence is translated when a module is imported: the language is chosen after
the imports (`--lang`, the settings, LANG), so a sentence translated at import time
stays in whatever language was in use then. Every module of the package is imported in
a fresh process whose translation raises on any lookup."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

# Imports every module of dominoes_tui (and any extra file named on the command line)
# with a translation that raises; prints what looked a sentence up, and where.
SCRIPT = textwrap.dedent('''
    import gettext, importlib, importlib.util, pkgutil, sys, traceback
    import dominoes_tui
    from dominoes_tui import i18n

    class Raising(gettext.NullTranslations):
        def _refuse(self, message):
            raise LookupError(f"translated at import time: {message!r}")
        def gettext(self, message): self._refuse(message)
        def ngettext(self, a, b, n): self._refuse(a)
        def pgettext(self, c, message): self._refuse(message)
        def npgettext(self, c, a, b, n): self._refuse(a)

    i18n._translation = Raising()
    found = []
    def load(name, path=None):
        try:
            if path is None:
                importlib.import_module(name)
            else:
                spec = importlib.util.spec_from_file_location(name, path)
                spec.loader.exec_module(importlib.util.module_from_spec(spec))
        except LookupError as exc:
            where = [f for f in traceback.extract_tb(exc.__traceback__) if "dominoes_tui/i18n" not in f.filename]
            found.append(f"{name}: {exc} ({where[-1].filename}:{where[-1].lineno})")
        except ImportError as exc:  # a library this installation lacks (asyncssh, psycopg): not ours to judge
            if (exc.name or "").startswith("dominoes_tui"):
                raise
    skip = (".__main__", ".migrations")
    for info in pkgutil.walk_packages(dominoes_tui.__path__, "dominoes_tui."):
        if not any(part in info.name for part in skip):
            load(info.name)
    for extra in sys.argv[1:]:
        load("extra_module", extra)
    print("\\n".join(found))
''')


def translated_at_import(*extra: Path) -> list[str]:
    done = subprocess.run([sys.executable, "-c", SCRIPT, *map(str, extra)], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return [line for line in done.stdout.splitlines() if line.strip()]


def test_no_module_translates_a_sentence_when_it_is_imported(tmp_path: Path) -> None:
    # and the check sees one that does: a module that calls _() at its top level
    culprit = tmp_path / "culprit.py"
    culprit.write_text('from dominoes_tui.i18n import _, N_\nTITLE = _("Settings")\nMARKED = N_("fine")\n')
    found = translated_at_import(culprit)
    assert found and found[-1].startswith("extra_module: translated at import time: 'Settings'"), found
    assert found[:-1] == [], "translate where the sentence is shown, not at import:\n" + "\n".join(found[:-1])
