"""The settings screen ("/settings"): appearance, dice, the axe bag, and the reference values an owner may correct. The
view (Flet, thin) reads a presenter or model that imports no Flet."""
