"""Learn from your mistakes, in words: the question, the answer to a move tried, the
solution and why, and the summary. Pure (rich Text, no widgets).

The verdicts and the win chances are the analysis's, said as the replay viewer says them
(replay_words.py: ≈ for an estimate, none for a solved position); the reason for the
best move is the hint's (ui/hints.py). Names come from the log: plain text, never markup.
"""
from __future__ import annotations

from rich.text import Text

from ....engine import Move
from ....i18n import _, ngettext, pgettext
from ...words import by_person, end_name, shown
from ..replay.replay_words import MARKS, VERDICT_STYLES, VERDICT_WORDS, chance
from ..table.hints import reason
from .learn_model import Answer, Kind, Lesson, Question, Summary

OK, NO = "✓", "✗"


def where(move: Move) -> str:
    """ "3-5 on the right" as a sentence names it ("3-5 rechts"), a lead "6-6"."""
    if move.end is None:
        return str(move.tile)
    return pgettext("move", "{tile} on the {end}").format(tile=move.tile, end=end_name(move.end))


def verdict_text(verdict: str) -> Text:
    """ "?? blunder", styled as the viewer styles it."""
    mark = MARKS.get(verdict, "")
    return Text(f"{mark} {_(VERDICT_WORDS[verdict])}".strip(), VERDICT_STYLES.get(verdict, ""))


def title(lesson: Lesson) -> str:
    """ "Learn from your mistakes 2/5", the status line's head."""
    at = min(lesson.index + 1, len(lesson.questions))
    return _("Learn from your mistakes {at}/{total}").format(at=at, total=len(lesson.questions))


def keys_while_solving() -> str:
    return _("v shows the best move, n skips.")


def question_text(lesson: Lesson, question: Question) -> Text:
    """What the learner is asked: the move played here, its mark, and to find a better one."""
    j = question.judgement
    name = lesson.name
    played = by_person(name, _("{name} played {move} here:"), _("You played {move} here:"))
    text = Text(played.format(name=shown(name), move=where(question.played)) + " ", "bold")
    text.append_text(verdict_text(str(j.verdict)))
    text.append(" " + _("(win chance {before} → {after}).").format(
        before=chance(j.before, j.exact), after=chance(j.after, j.exact)))
    tries = lesson.tries.get(question.ply, 0)
    find = _("Find a better move: choose a tile, Enter plays it.") if not tries else \
        ngettext("Try another move ({n} try so far).", "Try another move ({n} tries so far).", tries).format(n=tries)
    text.append(" " + find + " " + keys_while_solving())
    return text


def answer_text(lesson: Lesson, question: Question, answer: Answer) -> Text:
    """What a move tried is worth: found (best, and whether proved; or good), or not yet."""
    figures = _("win chance {before} → {after}").format(before=chance(answer.before, answer.exact),
                                                         after=chance(answer.after, answer.exact))
    move = where(answer.move)
    text = Text()
    if answer.kind == Kind.BEST:
        text.append(f"{OK} ", "bold green")
        best = _("{move}: the best move, proved by solving it exactly") if answer.exact else \
            _("{move}: the best move by the analysis's estimate")
        text.append(best.format(move=move), "bold green")
        text.append(f" ({figures}).")
    elif answer.kind == Kind.GOOD:
        text.append(f"{OK} ", "bold green")
        text.append(_("{move}: a good move").format(move=move), "bold green")
        text.append(f" ({figures}). " + _("Best was {move}.").format(move=where(question.best)))
    else:
        text.append(f"{NO} ", "bold red")
        head = _("{move} is the move played in the match:") if answer.kind == Kind.PLAYED else _("{move}, still:")
        text.append(head.format(move=move) + " ", "bold")
        text.append_text(verdict_text(str(answer.verdict)))
        text.append(f" ({figures}). " + _("Try another move;") + " " + keys_while_solving())
        return text
    text.append(" " + _("n: next."))
    return text


def solution_text(question: Question) -> Text:
    """The best move and why, in the hint's words."""
    j = question.judgement
    text = Text(_("Best: {move}").format(move=where(question.best)), "bold")
    text.append(f" ({chance(j.before, j.exact)}): " + reason(question.view, question.best))
    text.append(" " + _("n: next."))
    return text


def summary_lines(lesson: Lesson) -> list[Text]:
    """The end of a lesson: how the questions ended, or that there were none."""
    name = shown(lesson.name)
    s: Summary = lesson.summary()
    lines: list[Text] = []
    if not s.total:
        none = by_person(lesson.name, _("{name} made no inaccuracy, mistake or blunder in this match: nothing to learn "
                                        "from here."),
                         _("You made no inaccuracy, mistake or blunder in this match: nothing to learn from here."))
        lines.append(Text(none.format(name=name), "bold"))
    else:
        done = by_person(lesson.name, _("Done: {name}'s marked moves of this match."),
                         _("Done: your marked moves of this match."))
        lines.append(Text(done.format(name=name), "bold"))
        lines.append(Text(ngettext("{n} move to learn from:", "{n} moves to learn from:", s.total).format(n=s.total)))
        for count, words in ((s.first, _("found at the first try")), (s.retried, _("found after retries")),
                             (s.shown, _("best move shown")), (s.skipped, _("skipped"))):
            lines.append(Text(f"  {count:>3}  {words}"))
    if lesson.unusable:
        lines.append(Text(ngettext("{n} marked move does not fit this match's log and is left out.",
                                   "{n} marked moves do not fit this match's log and are left out.",
                                   lesson.unusable).format(n=lesson.unusable), "italic"))
    return lines
