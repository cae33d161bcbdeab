"""The app's patches of Flet's private code: the one place to revisit on a Flet upgrade."""
