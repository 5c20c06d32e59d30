"""Checks or regenerates the golden playthroughs: ``python -m tests.engines.golden --help``."""

from __future__ import annotations

import argparse
import sys
import traceback

from tests.engines import golden
from tests.engines.golden import CASES, GoldenMismatch, check, load, name_of, path_of, regenerate


def main(argv: list[str] | None = None) -> int:
    """Checks (default) or regenerates the chosen records; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m tests.engines.golden",
        description=golden.__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("names", nargs="*", help="game ids (goa) or records (goa-2p); default: all")
    parser.add_argument(
        "--regenerate",
        action="store_true",
        help="rewrite the records from the current engines (only for a meant change)",
    )
    parser.add_argument(
        "--fresh",
        action="store_true",
        help="with --regenerate: play new games from the seeds instead of keeping the actions",
    )
    args = parser.parse_args(argv)
    chosen = [c for c in CASES if not args.names or {c[0], name_of(c[0], c[1])} & set(args.names)]
    if not chosen:
        parser.error(f"no record matches {args.names}")
    failed = 0
    for game_id, players, seed in chosen:
        if args.regenerate:
            print(regenerate(game_id, players, seed, fresh=args.fresh))
            continue
        try:
            check(load(path_of(game_id, players)))
            print(f"{name_of(game_id, players)}: ok")
        except (GoldenMismatch, FileNotFoundError) as err:
            failed += 1
            print(err)
        except Exception as err:  # an engine that crashes on replay: say which, go on with the rest
            failed += 1
            print("".join(traceback.format_exception_only(err)).rstrip())
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
