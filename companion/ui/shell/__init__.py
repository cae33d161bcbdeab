"""The app shell: the page, routes and screens, per-session context, live updates."""
