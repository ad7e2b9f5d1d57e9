"""Whist Tutor: the engine (cards, deals, play, rule sets, scoring, conventions, solver) behind
the lessons, puzzles and app."""

__version__ = "0.1.0"
