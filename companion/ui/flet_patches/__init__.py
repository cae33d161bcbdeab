"""The app's patches of Flet's private code.

Not the only code a Flet upgrade touches: the server's work-arounds of Flet's web client and handler
(``companion/server``), the round screen's isolated updates and the tests' and benchmarks' fake connections lean
on Flet 1.0.5 too and say so (``grep -rl "Flet 1.0.5" companion tests`` lists them), and the phone site is built
from flet-web's own pieces (``companion/publish/site.py``)."""
