"""The new-game screen ("/new"): who plays, which edition and difficulty, and the setup checklist. The view (Flet,
thin) reads a presenter or model that imports no Flet."""
