"""One module per subcommand of ``treasure-companion``; each exposes ``register(subparsers)`` (a module without
it, such as ``record_file``, is shared code, not a command).

A registered parser sets ``handler=`` (a function taking the parsed arguments and returning the exit code).
"""
