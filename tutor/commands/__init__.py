"""One module per command of ``python -m tutor``; each defines ``register(subparsers)``.

:mod:`tutor.cli` discovers the modules here, so a new command is a new file and nothing else.
"""
