"""The app's web server: where it listens, which requests it answers, and (beyond loopback) who may join.

``listen`` binds the port before anything else starts (clear one-line errors); ``guard`` keeps other web
sites out (own origin only, known host names, no wildcard CORS); ``web`` puts Flet's own FastAPI app behind
those checks and serves it with uvicorn. Nothing here imports the UI, and the UI imports nothing here: the app
command hands the server the app's ``main``, and hands each page the table and the upload folder.
"""
