"""The engine layer: what every game's hand shares, configured by each game.

`header` validates a game's tags into a setup, `table` replays the tricks (turn, following suit,
revokes) and knows nothing about penalties, `replay` drives one hand and finds the irregularities
every game shares, `penalties` holds the laws that rule them (one class a topic, the shared
default; a game subclasses what its laws change), `choices` is the rectification model,
`ledger` records every movement of points, counters or pool once, `session` carries the running
score from hand to hand, and `verdict` is the result as plain data. It imports the notation layer only, never a game.
"""
