# mypy: ignore-errors
# Run by another interpreter against OpenSpiel, which has no type information, and its
# classes are built at run time around OpenSpiel's (build()): there is nothing to check.
"""Run by the peer's Python (a virtual environment with OpenSpiel), never imported by
the game: plays Partner hands between OpenSpiel's ISMCTS and one of our levels.

Our level runs as `dominoes bot` programs (docs/BOT_PROTOCOL.md), one per seat it holds, so
the two searches meet only through the protocol. The hand is OpenSpiel's
`python_team_dominoes`: four seats, seven tiles each, seat 0 leads any tile. Its returns
are replaced by win/loss (+1/-1): the team that went out wins, after a block the team
with fewer pips; equal pips is a draw (0). ISMCTS is set as the peer comparison asks: UCT with
c = 1, eight random rollouts per leaf, and a pass-aware determinization (every guess at
the hidden hands respects what each seat showed it lacks by passing).

Input: one JSON object as the only argument (see `main`). Output: one JSON line per
game, then {"done": true}.
"""
from __future__ import annotations

import json
import random
import subprocess
import sys
import time

TEAM = (0, 1, 0, 1)


def tile_name(t: tuple[float, float]) -> str:
    return f"{int(t[0])}-{int(t[1])}"


def build(pyspiel, team_dominoes, ismcts, mcts, np, cfg):
    base_state = team_dominoes.DominoesState

    action_index = {(a.player, a.tile, a.edge): i for i, a in enumerate(team_dominoes._ACTIONS)}
    # Actions are never changed once made: a clone may share them.
    team_dominoes.Action.__deepcopy__ = lambda self, memo: self

    class ShallowList(list):
        """A list of immutable items (tiles, actions): deep-copied as a plain copy."""

        def __deepcopy__(self, memo):
            return ShallowList(self)

    class Hands(list):
        def __deepcopy__(self, memo):
            return Hands(ShallowList(h) for h in self)

    class WinLossState(base_state):
        """The same hand, valued as a win or a loss of the team (not pips).

        The game is OpenSpiel's, made cheaper to clone (its state is deep-copied at every
        simulation and rollout; tiles and actions are immutable, so their lists are
        copied flat) and its legal actions looked up in a table rather than by their
        printed names: the same game, so the peer's simulations are not spent on it.
        """

        def __init__(self, game):
            pyspiel.State.__init__(self, game)
            self.actions_history = ShallowList()
            self.open_edges = ShallowList()
            self.hands = Hands(ShallowList() for _ in range(4))
            self.deck = ShallowList(team_dominoes._DECK)
            self._game_over = False
            self._next_player = pyspiel.PlayerId.CHANCE
            self._current_deal_player = 0

        def get_legal_actions(self, player):
            hand, edges = self.hands[player], self.open_edges
            if not edges:
                return sorted(action_index[(player, t, None)] for t in hand)
            out = []
            for t in hand:
                if t[0] in edges:
                    out.append(action_index[(player, t, t[0])])
                if t[0] != t[1] and t[1] in edges:
                    out.append(action_index[(player, t, t[1])])
            out.sort()
            return out

        def returns(self):
            if not self.is_terminal():
                return [0.0] * 4
            for seat, hand in enumerate(self.hands):
                if not hand:
                    v = 1.0 if TEAM[seat] == 0 else -1.0
                    return [v, -v, v, -v]
            pips = [sum(a + b for a, b in self.hands[s] + self.hands[s + 2]) for s in (0, 1)]
            if pips[0] == pips[1]:
                return [0.0] * 4
            v = 1.0 if pips[0] < pips[1] else -1.0
            return [v, -v, v, -v]

    class WinLossGame(team_dominoes.DominoesGame):
        def new_initial_state(self):
            return WinLossState(self)

    class TimedISMCTS(ismcts.ISMCTSBot):
        """ISMCTS that stops at a time budget instead of a simulation count."""

        def __init__(self, *args, budget_s=None, **kw):
            super().__init__(*args, **kw)
            self.budget_s = budget_s
            self.last_simulations = 0

        def run_search(self, state):
            if self.budget_s is None:
                self.last_simulations = self._max_simulations
                return super().run_search(state)
            self.reset()
            legal = state.legal_actions()
            if len(legal) == 1:
                return [(legal[0], 1.0)]
            deadline = time.perf_counter() + self.budget_s
            self._root_node = self.create_new_node(state)
            n = 0
            # the first simulation only opens the root: at least two, or there is no policy
            while n < 2 or time.perf_counter() < deadline:
                self.run_simulation(self.sample_root_state(state))
                n += 1
            self.last_simulations = n
            return self.get_final_policy(state, self._root_node)

    return WinLossGame(), TimedISMCTS


def lacks_of(state) -> list[set[float]]:
    """Numbers each seat showed it lacks: replay the plays, noting who was skipped."""
    lacks: list[set[float]] = [set() for _ in range(4)]
    edges: list[float] = []
    last = None
    for action in state.actions_history:
        if last is not None:
            seat = (last + 1) % 4
            while seat != action.player:
                lacks[seat].update(edges)
                seat = (seat + 1) % 4
        if not edges:
            edges = list(action.tile)
        else:
            edges.remove(action.edge)
            edges.append(action.tile[0] if action.tile[0] != action.edge else action.tile[1])
        last = action.player
    if last is not None and not state.is_terminal():
        seat = (last + 1) % 4
        while seat != state.current_player():
            lacks[seat].update(edges)
            seat = (seat + 1) % 4
    return lacks


def make_resampler(rng: random.Random):
    def resample(state, player):
        """A guess at the other hands, consistent with `player`'s view and every pass."""
        lacks = lacks_of(state)
        others = [s for s in range(4) if s != player]
        pool = [t for s in others for t in state.hands[s]]
        sizes = {s: len(state.hands[s]) for s in others}
        fits = lambda s, t: t[0] not in lacks[s] and t[1] not in lacks[s]  # noqa: E731
        order = sorted(others, key=lambda s: sum(fits(s, t) for t in pool) - sizes[s])
        for attempt in range(200):
            rng.shuffle(pool)
            if attempt < 100:  # uniform by rejection first
                hands, start = {}, 0
                for s in others:
                    hands[s] = pool[start:start + sizes[s]]
                    start += sizes[s]
                if all(fits(s, t) for s in others for t in hands[s]):
                    break
                continue
            rest, hands, ok = pool[:], {}, True
            for s in order:  # most constrained seat first
                pick = [t for t in rest if fits(s, t)][:sizes[s]]
                if len(pick) < sizes[s]:
                    ok = False
                    break
                hands[s] = pick
                rest = [t for t in rest if t not in pick]
            if ok:
                break
        else:  # the real hands always fit; keep them rather than fail
            hands = {s: list(state.hands[s]) for s in others}
        clone = state.clone()
        for s in others:
            clone.hands[s] = sorted(hands[s])
        return clone

    return resample


class OurSeat:
    """One of our bots, as a program speaking docs/BOT_PROTOCOL.md."""

    def __init__(self, argv: list[str]) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send({"type": "hello", "protocol": 1})
        self.proc.stdout.readline()

    def send(self, msg: dict) -> None:
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()

    def ask(self, msg: dict) -> dict:
        self.send(msg)
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("our bot closed its output")
        return json.loads(line)

    def close(self) -> None:
        try:
            self.send({"type": "bye"})
            self.proc.stdin.close()
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def turn_message(state, seat: int, history: list[dict], left: float | None, right: float | None,
                 target: int, scores: list[int]) -> dict:
    legal = []
    for a in state.legal_actions():
        act = _ACTIONS[a]
        if left is None:
            legal.append({"tile": tile_name(act.tile), "end": None})
            continue
        if act.edge == left:
            legal.append({"tile": tile_name(act.tile), "end": "left"})
        if act.edge == right:
            legal.append({"tile": tile_name(act.tile), "end": "right"})
    return {
        "type": "turn", "variant": "partner", "options": {"target_score": target}, "target": target,
        "seat": seat, "seats": 4, "teams": [[0, 2], [1, 3]],
        "hand": [tile_name(t) for t in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands], "boneyard": 0,
        "ends": {"left": None if left is None else int(left), "right": None if right is None else int(right),
                 "up": None, "down": None},
        "scores": list(scores), "round": 1, "history": list(history), "legal": legal,
    }


_ACTIONS: list = []


def play_game(game, seats, deal, peer_bot, target: int, scores: list[int]) -> dict:
    """One hand; `seats[s]` is an OurSeat or None (ISMCTS plays that seat)."""
    state = game.new_initial_state()
    for i in range(28):  # the chance node deals round the table, seat 0 first
        tile = deal[i % 4][i // 4]
        state.apply_action(_DECK_INDEX[tile])
    history: list[dict] = []
    left = right = None
    times = {"ours": [], "peer": []}
    sims = []
    last = None
    while not state.is_terminal():
        seat = state.current_player()
        if last is not None:
            s = (last + 1) % 4
            while s != seat:
                history.append({"event": "pass", "seat": s})
                s = (s + 1) % 4
        started = time.perf_counter()
        if seats[seat] is not None:
            answer = seats[seat].ask(turn_message(state, seat, history, left, right, target, scores))
            times["ours"].append(time.perf_counter() - started)
            tile = tuple(float(x) for x in answer["tile"].split("-"))
            tile = (min(tile), max(tile))
            end = answer.get("end")
            edge = None if end is None else (left if end == "left" else right)
            action = next(a for a in state.legal_actions()
                          if _ACTIONS[a].tile == tile and _ACTIONS[a].edge == edge)
        else:
            action = peer_bot.step(state)
            times["peer"].append(time.perf_counter() - started)
            sims.append(peer_bot.last_simulations)
            act = _ACTIONS[action]
            end = None if left is None else ("left" if act.edge == left else "right")
        act = _ACTIONS[action]
        history.append({"event": "play", "seat": seat, "tile": tile_name(act.tile), "end": end})
        if left is None:
            left, right = act.tile
        elif end == "left":
            left = act.tile[0] if act.tile[1] == act.edge else act.tile[1]
        else:
            right = act.tile[0] if act.tile[1] == act.edge else act.tile[1]
        state.apply_action(action)
        last = seat
    returns = state.returns()
    return {"returns0": returns[0], "plays": len(state.actions_history), "times": times, "sims": sims}


_DECK_INDEX: dict = {}


def main() -> int:
    cfg = json.loads(sys.argv[1])
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.games import team_dominoes

    _ACTIONS.extend(team_dominoes._ACTIONS)
    _DECK_INDEX.update({t: i for i, t in enumerate(team_dominoes._DECK)})
    game, Timed = build(pyspiel, team_dominoes, ismcts, mcts, np, cfg)
    our_argv = cfg["our_argv"]
    ours = {}
    try:
        for unit in cfg["units"]:
            rng = random.Random(f"ismcts-deal/{unit}")
            tiles = list(team_dominoes._DECK)
            rng.shuffle(tiles)
            deal = [tiles[7 * s:7 * s + 7] for s in range(4)]
            for rotation, our_team in enumerate((0, 1)):
                seats = []
                for s in range(4):
                    if TEAM[s] == our_team:
                        key = (s, rotation)
                        if key not in ours:
                            ours[key] = OurSeat(our_argv + ["--seed", str(1000 * s + rotation + cfg["seed"])])
                        seats.append(ours[key])
                    else:
                        seats.append(None)
                np_rng = np.random.RandomState(abs(hash((unit, rotation, cfg["seed"]))) % (2 ** 31))
                evaluator = mcts.RandomRolloutEvaluator(n_rollouts=cfg["rollouts"], random_state=np_rng)
                bot = Timed(game, evaluator, cfg["uct_c"], cfg["sims"] or 1, random_state=np_rng,
                            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
                            allow_inconsistent_action_sets=False,
                            budget_s=None if cfg["peer_ms"] is None else cfg["peer_ms"] / 1000.0)
                bot.set_resampler(make_resampler(random.Random(f"resample/{unit}/{rotation}")))
                result = play_game(game, seats, deal, bot, cfg["target"], cfg["scores"])
                r = result["returns0"]
                ours_value = r if our_team == 0 else -r
                result.update({"unit": unit, "our_team": our_team,
                               "win": 1.0 if ours_value > 0 else (0.5 if ours_value == 0 else 0.0)})
                print(json.dumps(result), flush=True)
    finally:
        for seat in ours.values():
            seat.close()
    print(json.dumps({"done": True}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
