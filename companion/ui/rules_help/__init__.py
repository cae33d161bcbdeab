"""Rules help ("/rules"): the app's own short summaries, no Flet (text.py assembles the sections that spaces,
automa, dragon, order and decisions write; model.py holds their shapes), and the searchable view of them (Flet,
thin)."""
