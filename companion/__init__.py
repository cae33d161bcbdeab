"""Treasure Mountain Companion: the dummy players, dice, dragon and scoring beside the physical board."""
