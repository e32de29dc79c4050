#!/usr/bin/env python3
"""Run every benchmarks/bench_*.py with its default settings, printing their tables one after another.

    python benchmarks/run_all.py            # all of them
    python benchmarks/run_all.py core naeco # only bench_core.py and bench_naeco.py
"""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from _cli import Parser, summary


def main(argv: list[str] | None = None) -> int:
    ap = Parser(description=summary(__doc__))
    ap.add_argument("names", nargs="*", metavar="NAME", help="bench_NAME.py to run (default: all)")
    wanted = set(ap.parse_args(argv).names)
    here = Path(__file__).resolve().parent
    scripts = [p for p in sorted(here.glob("bench_*.py"))
               if not wanted or p.stem.removeprefix("bench_") in wanted]
    names = sorted(p.stem.removeprefix("bench_") for p in here.glob("bench_*.py"))
    unknown = wanted - set(names)
    if unknown:
        ap.error(f"no benchmark named {', '.join(sorted(unknown))}: the names are {', '.join(names)} "
                 "(bench_NAME.py)")
    failed = []
    print(time.strftime("benchmarks run %Y-%m-%d %H:%M UTC", time.gmtime()), flush=True)
    for script in scripts:
        print(f"\n== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script)]).returncode != 0:
            failed.append(script.name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
