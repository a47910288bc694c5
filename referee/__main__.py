"""``python -m referee`` runs the command line."""

from .cli import main

main()
