#!/usr/bin/env python3
"""Run every benchmarks/bench_*.py in turn (extra arguments are passed to each), printing their tables."""
from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    extra = sys.argv[1:] if argv is None else argv
    here = Path(__file__).resolve().parent
    failed = []
    print(time.strftime("benchmarks run %Y-%m-%d %H:%M UTC", time.gmtime()), flush=True)
    for script in sorted(here.glob("bench_*.py")):
        print(f"\n== {script.name}", flush=True)
        if subprocess.run([sys.executable, str(script), *extra]).returncode != 0:
            failed.append(script.name)
    if failed:
        print(f"\nfailed: {', '.join(failed)}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
