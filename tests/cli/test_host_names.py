"""`dominoes host --names` lists the names claimed (by a key) and `--release` frees one;
a name nobody holds is said so, with exit status 1."""
from __future__ import annotations

from dominoes_tui.cli import main
from dominoes_tui.net.host.names import NameRegister
from tests.net.helpers import claim


def test_host_lists_and_releases_claimed_names(tmp_path, capsys) -> None:
    data = tmp_path / "server"
    data.mkdir()
    register = NameRegister(data / "names.json")
    assert claim(register, "Ana", "a-secret")
    assert main(["host", "--data-dir", str(data), "--names"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Ana\tclaimed ")
    assert main(["host", "--data-dir", str(data), "--release", "Ana"]) == 0
    assert capsys.readouterr().out == "Ana: released\n"
    assert NameRegister(data / "names.json").listing() == []
    assert main(["host", "--data-dir", str(data), "--release", "Ana"]) == 1
    assert "dominoes host: nobody holds the name 'Ana'" in capsys.readouterr().err
