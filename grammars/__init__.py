"""The transcript grammar, installed as ``referee.grammars`` so it can be found after any install."""
