"""The notation layer: transcript text → records (header tags, hands, events), each with its
line and column, and the syntax errors in words.

Nothing here knows a game's laws: `reader` cuts the text into games and hands, `common_lines`
reads the usual lines fast, `grammar` is the LALR parser for everything else, `handline` tells
a hand line written wrongly, `events` and `cards` are the records they build and `problem` what
could not be read. The bounds on one input (`limits`), the harmless display of
its text (`safe`), and where it comes from (`inputs`, `houserules`) live here too, because every
layer above reads input through them.
"""
