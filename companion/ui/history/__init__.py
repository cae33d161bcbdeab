"""History ("/history"): every stored game, the record per difficulty, and the solo scores over time. The view (Flet,
thin) reads a presenter or model that imports no Flet."""
