"""Flet views and their presenters."""
