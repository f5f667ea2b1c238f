"""`--db postgresql://…` without the driver says how to install it in this installation."""
from __future__ import annotations

import sys

import pytest

from dominoes_tui.cli import main
from dominoes_tui.install import add_extra


def test_a_missing_postgres_driver_names_the_extra(monkeypatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as on an install without the extra
    assert main(["stats", "--db", "postgresql://club@127.0.0.1:1/league"]) == 2
    err = capsys.readouterr().err
    assert "extra postgres" in err and add_extra("postgres") in err and "psycopg[binary]" in err
    assert "Traceback" not in err and "halted" not in err
