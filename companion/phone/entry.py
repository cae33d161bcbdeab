"""The phone site's entry module: the page's Python worker runs this file as ``main.py`` (as ``__main__``)."""

if __name__ == "__main__":
    from companion.phone.browser import run

    run()
