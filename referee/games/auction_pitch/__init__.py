"""Auction Pitch (Setback); the game object is `GAME`."""

from .hand import GAME

__all__ = ["GAME"]
