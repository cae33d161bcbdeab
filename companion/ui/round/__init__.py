"""The round screen ("/round"), where a game is played: the board, the banner with the next thing to do and its forms,
the side panel. The view (Flet, thin) reads a presenter or model that imports no Flet.

How its long-lived parts keep a tap cheap: ``control.update()`` diffs the control's whole subtree in place, and a
control added anew is configured and sent whole. The parts are therefore made once and changed by property, each
part saying which of its controls changed so that only those are updated; a part whose children change by
themselves is isolated (:func:`companion.flet_seam.isolate.isolate`), so an update of one of its ancestors costs
only the ancestor's own properties."""
