"""``treasure-companion publish DIR``: build the app as a static web site that runs whole in a phone's browser.

The site runs the same app (screens, engine) in Pyodide: no server code, nothing fetched from anywhere but
the site itself. Host DIR on any static web host with HTTPS (or serve it once from a computer), open it on the
phone and add it to the home screen: it then opens and plays offline, and keeps its games in the browser.

The first build fetches the Pyodide runtime from the npm registry (npm is needed) and the Python packages
from PyPI into a cache folder (``--cache``); later builds need no network. DIR is made, or replaced when it
holds an earlier site; any other folder with files in it is refused.
"""

from __future__ import annotations

import sys
from pathlib import Path

from companion.files.oneline import one_line, shown


def register(sub) -> None:
    p = sub.add_parser("publish", help="build the app as a static web site for phones (runs in the browser, offline)",
                       description=__doc__)
    p.add_argument("dir", metavar="DIR", help="folder to write the site into")
    p.add_argument("--cache", metavar="FOLDER", type=Path, default=None,
                   help="where the runtime and packages are kept between builds "
                        "(default: $TREASURE_COMPANION_CACHE or ~/.cache/treasure-companion/phone)")
    p.set_defaults(handler=main)


def main(args) -> int:
    from companion.publish.fetch import FetchError
    from companion.publish.site import BuildError, build_site

    def log(line: str) -> None:
        print(line, file=sys.stderr)

    if not args.dir:  # a shell variable that was not set: never the current folder
        print("treasure-companion publish: DIR is empty: name the folder to write the site into", file=sys.stderr)
        return 2
    try:
        built = build_site(Path(args.dir), args.cache, log=log)
    except (BuildError, FetchError) as err:
        print(f"treasure-companion publish: {one_line(str(err))}", file=sys.stderr)
        return 2
    except OSError as err:
        where = f" {shown(err.filename)}" if err.filename else ""
        print(f"treasure-companion publish: cannot write{where}: {err.strerror or err}", file=sys.stderr)
        return 2
    print(f"{shown(built.folder)}: {built.files} files, {built.size / 1e6:.1f} MB (version {built.version})")
    return 0
