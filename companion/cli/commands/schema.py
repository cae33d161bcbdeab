"""``treasure-companion schema NAME``: print the JSON Schema of a file format the tools read or write.

The schemas come from the pydantic models themselves, so they cannot drift from what the tools accept.
"""

from __future__ import annotations

import argparse
import json

from pydantic import BaseModel

from companion.rules.scoring import ScoreResult, ScoreSheet

SCHEMAS: dict[str, type[BaseModel]] = {
    "score": ScoreSheet,  # what `treasure-companion score` reads
    "score-result": ScoreResult,  # what it prints
}


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "schema",
        help="print the JSON Schema of a file format (e.g. the score sheet)",
        description="Print the JSON Schema of a format: " + ", ".join(SCHEMAS) + ".",
    )
    parser.add_argument("name", choices=list(SCHEMAS), help="which format")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    print(json.dumps(SCHEMAS[args.name].model_json_schema(), indent=2, ensure_ascii=False))
    return 0
