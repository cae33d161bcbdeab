"""The command line: `treasure-companion` and one module per command."""
