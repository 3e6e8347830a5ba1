"""«Оборона Замка»: the game state and its OpenSpiel-style interface.

Two roles: player 0 attacks (ATTACKER), player 1 defends the castle (DEFENDER). Figures
are numbered side * army + i; figure 0 of each side is its commander. A turn is the
movement (the attacker steps up to `moves[0]` different warriors, the defender up to
`moves[1]`; either may stop early), then the fights and wall attacks: each warrior may
make one attack (a fight, a wall attack or the roll for the castle), in any order, until
the player ends the turn. Every die is a chance node with exact probabilities.

Actions are small tuples: ("move", figure, cell), ("stop",), ("fight", figure, target),
("wall", figure, segment), ("capture", figure), ("end",), ("place", cell) for a warrior
the potion brought back. Chance outcomes are ints: a die face 1..6 (for a rerolled die
the higher of the two), 0 or 1 for who moves first.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from random import Random
from typing import Optional

from pnp.games.oborona_zamka.rules.field import Field
from pnp.games.oborona_zamka.rules.numbers import ATTACKER, DEFENDER, Numbers

CHANCE, TERMINAL = -1, -4

Action = tuple  # ("move", figure, cell) and the others in the module docstring

SIDE_NAMES = ("attacker", "defender")


@functools.cache
def one_die(faces: int) -> list[tuple[int, Fraction]]:
    """A die's faces and their chances."""
    return [(face, Fraction(1, faces)) for face in range(1, faces + 1)]


@functools.cache
def best_of_two(faces: int) -> list[tuple[int, Fraction]]:
    """The higher of two dice: P(max = k) = (2k - 1) / faces²."""
    return [(face, Fraction(2 * face - 1, faces * faces)) for face in range(1, faces + 1)]


class State:
    def __init__(self, field: Field, numbers: Numbers) -> None:
        self.field = field
        self.numbers = numbers
        army = numbers.army
        self.pos: list[int] = [-1] * (2 * army)
        for side in (ATTACKER, DEFENDER):
            for i, cell in enumerate(field.starts[side][:army]):
                self.pos[side * army + i] = cell
        self.standing: list[bool] = [True] * len(field.segments)
        self.player = ATTACKER
        self.phase = "lot"  # lot, move, act, roll, potion, place, over
        self.moved: list[int] = []
        self.acted: list[int] = []
        self.pending: tuple = ()  # the attack being rolled: (kind, figure, target)
        self.fallen = -1  # the figure whose potion is rolled or placed
        self.turn = 0  # turns completed
        self.winner: Optional[int] = None
        self.victory: Optional[str] = None  # defenders-destroyed | castle | attackers-destroyed | cap
        #: what the simulator counts
        self.tally: dict[str, int] = {"walls_destroyed": 0, "walls_fallen": 0, "potion_returns": 0,
                                      "potion_no_room": 0, "fights": 0, "kills": 0, "wall_attacks": 0,
                                      "capture_rolls": 0, "first_player": -1}

    # --- the OpenSpiel-style interface -------------------------------------------------

    @property
    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase in ("lot", "roll", "potion"):
            return CHANCE
        if self.phase == "place":
            return self.side_of(self.fallen)
        return self.player

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == ATTACKER else [-1.0, 1.0]

    def chance_outcomes(self) -> list[tuple[int, Fraction]]:
        if self.phase == "lot":
            return [(ATTACKER, Fraction(1, 2)), (DEFENDER, Fraction(1, 2))]
        if self.phase == "roll":
            return best_of_two(self.numbers.faces) if self.rerolls() else one_die(self.numbers.faces)
        if self.phase == "potion":
            return one_die(self.numbers.faces)
        raise ValueError(f"no chance node in phase {self.phase}")

    def sample_chance(self, rng: Random) -> int:
        if self.phase == "lot":
            return rng.randrange(2)
        if self.phase == "roll" and self.rerolls():
            return max(rng.randint(1, self.numbers.faces), rng.randint(1, self.numbers.faces))
        return rng.randint(1, self.numbers.faces)

    def legal_actions(self, player: Optional[int] = None) -> list[Action]:
        """The actions of the player to move (`player` is accepted for the protocol's sake:
        every step of this game has one player, so it names no other)."""
        if self.phase == "move":
            return self._moves() + [("stop",)]
        if self.phase == "act":
            return self._attacks() + [("end",)]
        if self.phase == "place":
            return [("place", c) for c in self._free_starts(self.side_of(self.fallen))]
        if self.phase in ("lot", "roll", "potion"):
            return [o for o, _ in self.chance_outcomes()]
        return []

    def apply_action(self, action) -> None:
        phase = self.phase
        if phase == "lot":
            self.player = int(action)
            self.tally["first_player"] = self.player
            self._start_turn()
        elif phase == "roll":
            self._resolve(int(action))
        elif phase == "potion":
            self._potion(int(action))
        elif phase == "place":
            self.pos[self.fallen] = action[1]
            self.tally["potion_returns"] += 1
            self.fallen = -1
            self.phase = "act"
        elif phase == "move":
            self._move(action)
        elif phase == "act":
            self._act(action)
        else:
            raise ValueError("the game is over")

    def clone(self) -> "State":
        other = State.__new__(State)
        other.__dict__.update(self.__dict__)
        other.pos = list(self.pos)
        other.standing = list(self.standing)
        other.moved = list(self.moved)
        other.acted = list(self.acted)
        other.tally = dict(self.tally)
        return other

    def action_string(self, action) -> str:
        kind = action[0] if isinstance(action, tuple) else None
        h = self.field.hexes
        if kind == "move":
            return f"{self.figure_name(action[1])} {h[self.pos[action[1]]]}→{h[action[2]]}"
        if kind == "fight":
            return f"{self.figure_name(action[1])} ⚔ {self.figure_name(action[2])}"
        if kind == "wall":
            a, b = self.field.segments[action[2]]
            return f"{self.figure_name(action[1])} → стена {h[a]}|{h[b]}"
        if kind == "capture":
            return f"{self.figure_name(action[1])} → замок"
        if kind == "place":
            return f"зелье → {h[action[1]]}"
        return str(action[0]) if isinstance(action, tuple) else f"кубик {action}"

    def observation(self, player: int) -> str:
        """Everything is open in this game: each player sees the whole position."""
        return self.describe()

    def resample_hidden(self, player: int, rng: Random) -> None:
        """Nothing is hidden in this game: there is nothing to redeal."""

    def joint_action(self, choices) -> Action:
        raise ValueError("«Оборона Замка» has no simultaneous step")

    # --- reading the position ----------------------------------------------------------

    def side_of(self, figure: int) -> int:
        return figure // self.numbers.army

    def commander(self, side: int) -> int:
        return side * self.numbers.army

    def on_field(self, figure: int) -> bool:
        return self.pos[figure] >= 0

    def army(self, side: int) -> list[int]:
        """The side's figures on the field."""
        first = side * self.numbers.army
        return [f for f in range(first, first + self.numbers.army) if self.pos[f] >= 0]

    def figure_name(self, figure: int) -> str:
        side, i = divmod(figure, self.numbers.army)
        return f"{'AD'[side]}{i}" + ("*" if i == 0 else "")

    def walls_standing(self) -> int:
        return sum(self.standing)

    def describe(self) -> str:
        cells = " ".join(f"{self.figure_name(f)}@{self.field.hexes[c]}" for f, c in enumerate(self.pos) if c >= 0)
        return f"turn {self.turn} {SIDE_NAMES[self.player]} {self.phase}; walls {self.walls_standing()}; {cells}"

    # --- movement ----------------------------------------------------------------------

    def _start_turn(self) -> None:
        self.moved = []
        self.acted = []
        self.phase = "move"
        if not self._moves():
            self.phase = "act"

    def _moves(self) -> list[Action]:
        if len(self.moved) >= self.numbers.moves[self.player]:
            return []
        occupied = set(self.pos)
        field = self.field
        walls_stop = self.player == ATTACKER
        out: list[Action] = []
        for figure in self.army(self.player):
            if figure in self.moved:
                continue
            for cell, seg in field.links[self.pos[figure]]:
                if cell in field.blocked or cell in occupied:
                    continue
                if walls_stop and seg >= 0 and self.standing[seg]:
                    continue  # the attacker's warriors cannot pass the wall
                out.append(("move", figure, cell))
        return out

    def _move(self, action: Action) -> None:
        if action[0] == "stop":
            self.phase = "act"
            return
        _, figure, cell = action
        self.pos[figure] = cell
        self.moved.append(figure)
        if not self._moves():
            self.phase = "act"

    def _wall(self, a: int, b: int) -> bool:
        seg = self.field.wall_between(a, b)
        return seg >= 0 and self.standing[seg]

    # --- attacks -----------------------------------------------------------------------

    def _attacks(self) -> list[Action]:
        out: list[Action] = []
        side = self.player
        enemies = self.army(1 - side)
        field = self.field
        for figure in self.army(side):
            if figure in self.acted:
                continue
            here = self.pos[figure]
            near = field.neighbours[here]
            for target in enemies:
                if self.pos[target] in near and not (side == ATTACKER and self._wall(here, self.pos[target])):
                    out.append(("fight", figure, target))
            if side == ATTACKER:
                out.extend(("wall", figure, seg) for seg in field.cell_segments[here] if self.standing[seg])
                if any(c == here and not self._wall(c, k) for c, k in field.castle_side):
                    out.append(("capture", figure))
        return out

    def _act(self, action: Action) -> None:
        if action[0] == "end":
            self._end_turn()
            return
        self.acted.append(action[1])
        self.pending = action
        self.phase = "roll"
        kind = action[0]
        self.tally[{"fight": "fights", "wall": "wall_attacks", "capture": "capture_rolls"}[kind]] += 1

    def _bonus(self, figure: int) -> int:
        """The attacker's commander, while on the field, adds to his other warriors' dice
        (to his own too only if the content says `own_bonus`)."""
        side = self.side_of(figure)
        leader = self.commander(side)
        helped = figure != leader or self.numbers.own_bonus
        return self.numbers.commander_bonus if side == ATTACKER and helped and self.on_field(leader) else 0

    def rerolls(self) -> bool:
        kind, figure = self.pending[0], self.pending[1]
        side = self.side_of(figure)
        leader = self.commander(side)
        return (kind == "fight" and side == DEFENDER and self.numbers.defender_reroll
                and (figure != leader or self.numbers.own_bonus) and self.on_field(leader))

    def need(self, action: Action) -> tuple[int, int]:
        """(threshold, modifier) of an attack: it succeeds when face + modifier >= threshold
        (and on a 6 when `natural_six`)."""
        n = self.numbers
        kind, figure = action[0], action[1]
        if kind == "fight":
            target = action[2]
            over_wall = self._wall(self.pos[figure], self.pos[target])
            modifier = self._bonus(figure)
            if target == self.commander(self.side_of(target)):
                modifier += n.commander_target
            return (n.fight_over_wall if over_wall else n.fight), modifier
        if kind == "wall":
            return n.wall, self._bonus(figure)
        return n.capture, self._bonus(figure) if n.bonus_on_capture else 0

    def succeeds(self, action: Action, face: int) -> bool:
        threshold, modifier = self.need(action)
        return (self.numbers.natural_six and face == self.numbers.faces) or face + modifier >= threshold

    def _resolve(self, face: int) -> None:
        action = self.pending
        self.pending = ()
        self.phase = "act"
        if not self.succeeds(action, face):
            return
        kind = action[0]
        if kind == "capture":
            self._over(ATTACKER, "castle")
        elif kind == "wall":
            self._destroy(action[2])
        else:
            self._defeat(action[2])

    def _destroy(self, segment: int) -> None:
        """The segment goes, and then every segment left joined to no standing one falls."""
        self.standing[segment] = False
        self.tally["walls_destroyed"] += 1
        joined = self.field.joined
        falling = True
        while falling:
            falling = False
            for seg, up in enumerate(self.standing):
                if up and not any(self.standing[j] for j in joined[seg]):
                    self.standing[seg] = False
                    self.tally["walls_fallen"] += 1
                    falling = True

    def _defeat(self, figure: int) -> None:
        self.pos[figure] = -1
        self.tally["kills"] += 1
        side = self.side_of(figure)
        leader = self.commander(side)
        if figure != leader and self.on_field(leader):
            self.fallen = figure
            self.phase = "potion"  # the owner rolls at once
        else:
            self._check_armies()

    def _potion(self, face: int) -> None:
        side = self.side_of(self.fallen)
        if face >= self.numbers.potion:
            if self._free_starts(side):
                self.phase = "place"
                return
            self.tally["potion_no_room"] += 1
        self.fallen = -1
        self.phase = "act"
        self._check_armies()

    def _free_starts(self, side: int) -> list[int]:
        occupied = set(self.pos)
        return [c for c in self.field.starts[side] if c not in occupied]

    def _check_armies(self) -> None:
        if not self.army(DEFENDER):
            self._over(ATTACKER, "defenders-destroyed")
        elif not self.army(ATTACKER):
            self._over(DEFENDER, "attackers-destroyed")

    def _end_turn(self) -> None:
        self.turn += 1
        if self.turn >= self.numbers.max_turns:
            self._over(None, "cap")
            return
        self.player = 1 - self.player
        self._start_turn()

    def _over(self, winner: Optional[int], victory: str) -> None:
        self.winner = winner
        self.victory = victory
        self.phase = "over"
