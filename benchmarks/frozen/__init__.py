"""A frozen copy of the pure-Python engine as it was before the compiled core (issue 16).

Only for benchmarks/match.py's "frozen" player: new level 5 against the old level 5. Never imported by the
product.
"""
