"""The app's web server: where it listens, which requests it answers, and (beyond loopback) who may join.

``listen`` binds the port before anything else starts (clear one-line errors); ``guard`` keeps other web
sites out (own origin only, known host names, no wildcard CORS); ``web`` puts Flet's own FastAPI app behind
those checks and serves it with uvicorn. Nothing here imports the UI: the screens call in, never the reverse.
"""
