"""The game engine's parts, one phase a module, composed by ``companion.rules.engine.game.Game``.

Each phase is an object made for one game state (``phases.wire``) with explicit references to what it uses: the
game's ``Fixed`` facts, the ``GameState``, the ``StepLog`` that records every fact, and the phases below it. Calls
go one way (``phases`` draws the graph): the flow (``round_flow``: when things happen) calls the moves
(``placing``, ``automa_turn``, ``side_inputs``, ``rerolls``: what they do), which call the dragon
(``dragon_track``, ``dragon_attack``) and the automa's decks (``automa_decks``). ``routes`` is the one table that
sends an input to its phase; ``decision`` says what the game waits for. The pure rules each phase applies live
one level up (``placement``, ``automa``, ``dragon``, ``turn_order``); nothing here imports ``game``.
"""
