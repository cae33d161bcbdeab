"""The game engine's parts, one part a module, composed by ``companion.rules.engine.game.Game``.

Each part is an object made for one game state (``parts.wire``) with explicit references to what it uses: the
game's ``Fixed`` facts, the ``GameState``, the ``StepLog`` that records every fact, and the parts below it. A
part's module, class and field share one name (``dragon_attack.py``, ``DragonAttack``, ``parts.dragon_attack``);
"phase" names only ``GameState.phase``. Calls go one way (``parts`` draws the graph): the run loop
(``round_flow``: when things happen) calls the moves (``placing``, ``automa_turn``, ``side_inputs``,
``rerolls``: what they do), which call the dragon (``dragon_track``, ``dragon_attack``) and the automa's decks
(``automa_decks``). ``routes`` sends an input to its part; ``decisions`` says what the game waits for. The pure
rules each part applies live one level up (``placement``, ``automa``, ``dragon``, ``turn_order``); nothing here
imports ``game``.
"""
