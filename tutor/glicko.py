"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013), pure and small.

Why Glicko-2: a rating alone says nothing about how sure it is; a learner new to the tutor and
a puzzle few have tried both carry a wide deviation (RD), which moves them fast at first and
slowly once they are known -- and the range shown to the learner (rating ± 2 RD) is honest.

The tutor treats every rated attempt as one game between a learner and a puzzle, and each game
as its own rating period (as Lichess does for puzzles): :func:`game` updates both sides.

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                                      (Rating(1700, 300), 0.0)], tau=0.5)
>>> round(r.rating, 1), round(r.rd, 2), round(r.vol, 4)
(1464.1, 151.52, 0.06)

(The paper's 1464.06 and 0.05999 come from its rounded intermediate steps; exactly computed they
are 1464.051 and 0.059996, within 0.01 and 0.00001.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Rating", "DEFAULT", "TAU", "SCALE", "update", "game", "expected", "result_of"]

#: Glickman's conversion between the Glicko and the Glicko-2 scale.
SCALE = 173.7178
#: The system constant: how much the volatility may change (Glickman suggests 0.3 to 1.2).
TAU = 0.5
_EPSILON = 0.000001
#: The largest RD: a rating nobody knows anything about.
MAX_RD = 350.0
#: The smallest RD kept: a rating is never treated as certain, so it can still move.
MIN_RD = 30.0


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``rating`` (1500 = average), ``rd`` (its
    deviation; the 95% range is ``rating ± 2 rd``), ``vol`` (how erratic the results are)."""

    rating: float = 1500.0
    rd: float = MAX_RD
    vol: float = 0.06

    @property
    def low(self) -> float:
        return self.rating - 2 * self.rd

    @property
    def high(self) -> float:
        return self.rating + 2 * self.rd


DEFAULT = Rating()


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The expected score of ``player`` against ``opponent`` (0..1)."""
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.rd / SCALE)


def update(player: Rating, games: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player`` after one rating period of ``games`` (opponent, score 0..1), Glickman's steps 2-8."""
    mu = (player.rating - 1500.0) / SCALE
    phi = player.rd / SCALE
    sigma = player.vol
    if not games:  # step 6 only: the deviation grows with time unplayed
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, MAX_RD), sigma)
    v_inv = 0.0
    delta_sum = 0.0
    for opp, score in games:
        mu_j = (opp.rating - 1500.0) / SCALE
        phi_j = opp.rd / SCALE
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inv += g * g * e * (1.0 - e)
        delta_sum += g * (score - e)
    v = 1.0 / v_inv
    delta = v * delta_sum
    # step 5: the new volatility (Illinois algorithm)
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    sigma_new = math.exp(big_a / 2.0)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    mu_new = mu + phi_new * phi_new * delta_sum
    return Rating(mu_new * SCALE + 1500.0, phi_new * SCALE, sigma_new)


def _bounded(r: Rating) -> Rating:
    return Rating(r.rating, min(max(r.rd, MIN_RD), MAX_RD), r.vol)


def game(learner: Rating, item: Rating, score: float) -> tuple[Rating, Rating]:
    """One attempt as a game: the learner scored ``score`` against the item (which scored the
    rest); both ratings after it, each a rating period of its own."""
    if not 0.0 <= score <= 1.0:
        raise ValueError(f"a game's score lies between 0 and 1, got {score}")
    return (_bounded(update(learner, [(item, score)])), _bounded(update(item, [(learner, 1.0 - score)])))


#: The score of a right answer found with hints, by how many hints were taken: a partial loss.
HINT_SCORES: tuple[float, ...] = (0.4, 0.3, 0.2)


def result_of(correct: bool, hints_used: int) -> float:
    """The learner's score in the game: 1 for a first try right unaided, a partial loss when
    hints were needed (less the more were taken), 0 when wrong."""
    if not correct:
        return 0.0
    if hints_used <= 0:
        return 1.0
    return HINT_SCORES[min(hints_used, len(HINT_SCORES)) - 1]
