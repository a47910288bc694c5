"""``python -m referee`` runs the command line."""

from .entry import main

main()
