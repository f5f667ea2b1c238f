"""The puzzle trainer in words: the status line's head, the question, the verdict on a
move, the answer and how sure it is, and the summary of a sitting. Pure (rich Text, no
widgets). A move is named as the lesson names it (learn_words.where), the reason for
the answer in the hint's words (table/hints.py).
"""
from __future__ import annotations

from rich.text import Text

from ....i18n import _, ngettext
from ....i18n.formats import number
from ....records.puzzle_rating import Rated, Standing
from ....records.ratings import Rating
from ....training.admit import DEALS, EXACT
from ...words import theme_word
from ..learn.learn_words import NO, OK, where
from ..table.hints import reason
from .trainer import Position, State, Trainer


def rating_text(rating: Rating) -> str:
    """ "1658?": the shown number, ? while provisional."""
    return rating.text()  # as the leaderboard writes a rating


def head(trainer: Trainer) -> str:
    """The status line's head: "Puzzle · rating 1500? · streak 2"."""
    standing = trainer.standing
    text = _("Puzzle") + " · " + _("rating {rating}").format(rating=rating_text(standing.rating))
    if trainer.problem:
        text += " " + _("(not kept)")
    return text + " · " + _("streak {n}").format(n=number(standing.streak))


def how_sure(how: str) -> str:
    if how == EXACT:
        return _("proved exactly")
    if how == DEALS:
        return _("best in every deal you cannot tell apart")
    return _("clearly best in search")


def change(rated: Rated) -> str:
    """ "Rating 1500 → 1658 (+158), streak 1"."""
    before, after = rated.before.rating, rated.after.rating
    moved = after.shown - before.shown
    sign = "+" if moved >= 0 else "−"
    return _("Rating {before} → {after} ({change}), streak {streak}").format(
        before=rating_text(before), after=rating_text(after), change=f"{sign}{number(abs(moved))}",
        streak=number(rated.after.streak))


def task(position: Position) -> str:
    """ "Your move: shedding a double, blocking." """
    themes = ", ".join(theme_word(t) for t in position.puzzle.theme)
    if not themes:
        return _("Your move: find the best one.")
    return _("Your move: {themes}.").format(themes=themes)


def prompt_text(trainer: Trainer) -> Text:
    position = trainer.current
    if position is None:
        return Text(_("No puzzle fits the filter: f changes it."), "bold")
    state = trainer.state
    rated = trainer.rated
    if state == State.SOLVING:
        text = Text(task(position) + " ", "bold")
        text.append(_("Choose a tile, Enter plays it; v shows the answer."))
        return text
    if state == State.SOLVED:
        text = Text(f"{OK} " + _("Solved: {move}.").format(move=where(trainer.tried)) if trainer.tried else OK,
                    "bold green")
        if rated is not None and rated.solved:
            text.append(" " + change(rated) + ".")
        else:
            text.append(" " + _("Found at a retry: the rating moved at the first try."))
        text.append(" " + _("n: next puzzle."))
        return text
    if state == State.MISSED:
        text = Text(f"{NO} " + _("Not the best move: {move}.").format(move=where(trainer.tried)) if trainer.tried
                    else NO, "bold red")
        if rated is not None:
            text.append(" " + change(rated) + ".")
        text.append(" " + _("r: retry, v: show the answer, n: next puzzle."))
        return text
    return answer_text(position)


def answer_text(position: Position) -> Text:
    """The answer's moves, how sure it is, and why (the hint's words)."""
    moves = " " + _("or") + " "
    text = Text(_("Answer: {moves}").format(moves=moves.join(where(m) for m in position.answer)), "bold")
    text.append(f" ({how_sure(position.how)}): " + reason(position.view, position.answer[0]))
    text.append(" " + _("n: next puzzle."))
    return text


def summary_lines(trainer: Trainer) -> list[Text]:
    """This sitting: how many puzzles, solved and missed, the rating then and now, the streak."""
    rated = trainer.sitting
    solved = sum(1 for r in rated if r.solved)
    lines = [Text(ngettext("{n} puzzle rated this sitting:", "{n} puzzles rated this sitting:", len(rated)).format(
        n=number(len(rated))), "bold")]
    lines.append(Text(f"  {solved:>3}  " + _("solved")))
    lines.append(Text(f"  {len(rated) - solved:>3}  " + _("missed (or the answer shown)")))
    now: Standing = trainer.standing
    lines.append(Text(_("Rating: {before} → {after}").format(
        before=rating_text(trainer.started.rating), after=rating_text(now.rating))))
    lines.append(Text(_("Streak: {now} (best {best})").format(now=number(now.streak), best=number(now.best))))
    if trainer.problem:
        lines.append(Text(_("rating not kept: {reason}").format(reason=trainer.problem), "italic"))
    return lines
