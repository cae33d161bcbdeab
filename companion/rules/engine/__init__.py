"""The game engine's parts, one phase a module, put together by ``companion.rules.game.Game``.

Each phase is a small mixin class of ``Game`` with no state of its own: it reads ``self.state`` and
``self.setup``, records facts only through ``Game``'s ``_emit`` (and the ``_roll``, ``_gain``, ``_score`` helpers
built on it), and raises ``IllegalInput`` for an input the rules refuse. Why mixins rather than functions taking
the game: a phase's code stays exactly as it reads inside the engine (``self._emit(...)``, ``self._draw(...)``),
phases call one another (an automa's claim queues a dragon roll, an answer may give a special tile) without a
web of imports, and ``Game`` stays the one object a caller holds and the only owner of the event log. As in
boardgame.io, the flow (``round_flow``: when things happen) is kept apart from the moves (``placing``,
``automa_turn``, ``dragon_attack``, ``side_inputs``: what they do). The pure rules each phase applies live one
level up (``placement``, ``automa``, ``dragon``, ``turn_order``); nothing here imports ``game``.
"""
