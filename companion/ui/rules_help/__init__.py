"""Rules help ("/rules"): the app's own short summaries (text.py, no Flet) and the searchable view of them. The view
(Flet, thin) reads a presenter or model that imports no Flet."""
