"""How long each notebook takes to run top to bottom, at the size a reader gets by default.

    python benchmarks/bench_notebooks.py                      # every notebook under notebooks/
    python benchmarks/bench_notebooks.py naeco/03-strategy    # some of them (path without .ipynb)
    python benchmarks/bench_notebooks.py --limit 120          # stop a notebook after 120 s
    python benchmarks/bench_notebooks.py --quick              # with NEKO_LAB_QUICK=1

Each notebook runs in a fresh kernel from a temporary copy (the committed file is not touched), with the
working directory set to the notebook's folder as JupyterLab does. Reported: wall time from kernel start to
the last cell; the CPU time the kernel used (on a shared machine wall time follows the load, CPU time
does not: a notebook whose CPU time is under 60 s runs in under a minute on two free cores); the kernel
start-up alone; and the slowest cell. The notebooks promise less than 60 s each
on two cores; this script measures the promise, the test suite never asserts it.
"""
from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from datetime import datetime
from pathlib import Path
from typing import NamedTuple

from _cli import Parser, positive_seconds, summary

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"


class Timing(NamedTuple):
    notebook: str
    seconds: float
    cpu: float
    startup: float
    slowest_cell: int
    slowest_seconds: float
    status: str


def _cell_seconds(cell) -> float:
    meta = cell.get("metadata", {}).get("execution", {})
    start, end = meta.get("iopub.execute_input"), meta.get("shell.execute_reply")
    if not start or not end:
        return 0.0
    parse = lambda text: datetime.fromisoformat(text.replace("Z", "+00:00"))  # noqa: E731
    return (parse(end) - parse(start)).total_seconds()


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(path: Path, limit: float) -> Timing:
    import nbformat
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError

    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=int(limit), kernel_name="python3", record_timing=True,
                            resources={"metadata": {"path": str(path.parent)}})
    status = "ok"
    cpu0 = _children_cpu()
    t0 = time.perf_counter()
    startup = 0.0
    try:
        with client.setup_kernel():
            startup = time.perf_counter() - t0
            for index, cell in enumerate(nb.cells):
                if time.perf_counter() - t0 > limit:
                    status = f"stopped after {limit:g} s"
                    break
                client.execute_cell(cell, index)
    except (CellTimeoutError, TimeoutError):
        status = f"stopped: a cell took more than {limit:g} s"
    except CellExecutionError as exc:
        status = "error: " + str(exc).strip().splitlines()[-1][:120]
    except DeadKernelError:
        status = "error: the kernel died"
    seconds = time.perf_counter() - t0
    cpu = _children_cpu() - cpu0          # the kernel's CPU time, once it has exited
    cells = [(_cell_seconds(c), i) for i, c in enumerate(nb.cells) if c.cell_type == "code"]
    slow_s, slow_i = max(cells, default=(0.0, -1))
    return Timing(str(path.relative_to(NOTEBOOKS).with_suffix("")), seconds, cpu, startup, slow_i, slow_s, status)


def notebook(name: str) -> str:
    """An argparse type: a notebook under notebooks/, named by its path without .ipynb (kept as written)."""
    if not (NOTEBOOKS / f"{name.removesuffix('.ipynb')}.ipynb").is_file():
        raise argparse.ArgumentTypeError(f"no notebook {name!r} under notebooks/")
    return name


def main(argv: list[str] | None = None) -> int:
    p = Parser(description=summary(__doc__))
    p.add_argument("notebooks", nargs="*", type=notebook,
                   help="paths under notebooks/ without .ipynb (default: all)")
    p.add_argument("--limit", type=positive_seconds, default=600,
                   help="stop a notebook after this many seconds")
    p.add_argument("--quick", action="store_true", help="run with NEKO_LAB_QUICK=1 (the old CI size)")
    args = p.parse_args(argv)

    os.environ.setdefault("TQDM_DISABLE", "1")
    os.environ.setdefault("PYTHONHASHSEED", "0")
    os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    if args.quick:
        os.environ["NEKO_LAB_QUICK"] = "1"
    else:
        os.environ.pop("NEKO_LAB_QUICK", None)
    paths = ([NOTEBOOKS / f"{name.removesuffix('.ipynb')}.ipynb" for name in args.notebooks]
             or sorted(NOTEBOOKS.rglob("*.ipynb")))
    paths = [q for q in paths if ".ipynb_checkpoints" not in q.parts]
    print(f"{'notebook':<24} {'seconds':>8} {'cpu s':>6} {'kernel':>7} {'slowest cell':>14}  status", flush=True)
    for path in paths:
        t = run(path, args.limit)
        print(f"{t.notebook:<24} {t.seconds:8.1f} {t.cpu:6.1f} {t.startup:7.1f} {f'[{t.slowest_cell}] {t.slowest_seconds:.1f} s':>14}"
              f"  {t.status}", flush=True)
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}, "
          f"{'NEKO_LAB_QUICK=1' if args.quick else 'default sizes'}, {datetime.now():%Y-%m-%d %H:%M}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
