"""Widgets several screens share."""
