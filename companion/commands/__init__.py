"""One module per subcommand of ``treasure-companion``; each exposes ``register(subparsers)``.

A registered parser sets ``handler=`` (a function taking the parsed arguments and returning the exit code).
"""
