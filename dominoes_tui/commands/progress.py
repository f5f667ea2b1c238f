"""A progress bar for long commands (`simulate`, `tournament`, `bench`): shown only on a
terminal, with the rate and the time left; nothing at all when the output goes to a
file or a pipe, or is JSON, so what a script reads is unchanged."""
from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..i18n import _
from ..i18n.formats import number


def wanted(quiet: bool = False) -> bool:
    return not quiet and sys.stdout.isatty() and sys.stderr.isatty()


@contextmanager
def progress_bar(total: int, unit: str, quiet: bool = False, label: str = "") -> Iterator[Callable[[int], None]]:
    """Yields `advance(done)`: how many of `total` are finished. The bar goes to stderr and
    is cleared at the end, so only the summary stays on the screen."""
    if not wanted(quiet):
        yield lambda _done: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, Task, TextColumn, TimeRemainingColumn
    from rich.text import Text

    class Rate(TextColumn):
        def __init__(self) -> None:
            super().__init__("")

        def render(self, task: Task) -> Text:

            speed = task.finished_speed or task.speed
            return Text(_("{rate} {unit}/s").format(rate=number(speed, 1) if speed else "–", unit=unit))

    bar = Progress(
        TextColumn(label or unit.capitalize()), BarColumn(), MofNCompleteColumn(), Rate(),
        TextColumn(_("left")), TimeRemainingColumn(), console=Console(stderr=True), transient=True,
    )
    with bar:
        task = bar.add_task("", total=total)
        yield lambda done: bar.update(task, completed=done)
