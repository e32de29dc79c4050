#!/usr/bin/env bash
# Installs everything the tests need (the package with its test and rl extras, and Debian's Chromium for the
# real-browser tests), then runs every test: pytest over tests/ and nbval over every notebook.
# Extra arguments go to the pytest run over tests/ (e.g. scripts/test.sh --nightly).
set -euo pipefail
cd "$(dirname "$0")/.."

# The package's own dependencies at the versions binder/requirements.txt pins (what Binder installs, and what
# tests/packaging checks the tests ran with), so that a release of one of them the day before changes nothing here.
constraints="$(mktemp)"
grep -E '^[A-Za-z0-9_.-]+==' binder/requirements.txt > "$constraints"
python3 -m pip install --quiet --disable-pip-version-check -e ".[test,rl]" -c "$constraints"
rm -f "$constraints"

if ! command -v chromium >/dev/null 2>&1 && [ "${NEKO_LAB_NO_BROWSER:-0}" != 1 ]; then
  if [ "$(id -u)" = 0 ]; then
    echo "installing Debian's chromium for the browser tests"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "the browser tests need Debian's chromium: run 'sudo apt-get install chromium', or set NEKO_LAB_NO_BROWSER=1 to leave them out" >&2
    exit 1
  fi
fi

export TQDM_DISABLE=1 NEKO_LAB_QUICK=1 PYTHONHASHSEED=0
# The conformance contract and the digests run on the pure package (tests/conformance) and also on the
# Cython-compiled wheel, built and installed in a scratch folder (tests/packaging/test_compiled.py: about
# 5 minutes of CPU, spread over the two processes). NEKO_LAB_TEST_COMPILED=0 leaves it out.
export NEKO_LAB_TEST_COMPILED="${NEKO_LAB_TEST_COMPILED:-1}"
start=$(date +%s)
status=0
# Unit, rules, conformance, packaging and browser tests, spread over two processes.
python3 -m pytest -n 2 --dist loadgroup tests "$@" || status=$?
# Every notebook top to bottom at its default size (each runs in under a minute), comparing every output with
# the one committed, volatile parts masked (notebooks/README.md); a notebook's cells must stay together in one
# kernel (loadfile). NEKO_LAB_QUICK is dropped here: what is committed is what is checked.
env -u NEKO_LAB_QUICK python3 -m pytest -n 2 --dist loadfile --nbval --nbval-current-env \
  --nbval-sanitize-with notebooks/nbval-sanitize.cfg notebooks || status=$?
echo "test run took $(( $(date +%s) - start )) s" >&2
exit $status
