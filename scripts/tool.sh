#!/usr/bin/env bash
# Usage: bash scripts/tool.sh <entry> [args…]
#
# Runs one of the project's tools, out/<entry>.js (lifecycle/main, sandbox/main,
# bench/…, publishing/…), after compiling the tools' TypeScript incrementally:
# tsc rebuilds only what changed since the last run (out/.tsbuildinfo).
#
# It says so at once (on standard error, so a tool's output stays its own), and
# `exec`s Node.js in its own place: the signals npm forwards to its script
# (SIGINT, SIGTERM) then reach the tool itself, which stops cleanly, instead of
# a shell that dies and leaves the tool running.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [ $# -lt 1 ]; then
  echo "usage: $0 <entry> [args…]" >&2
  exit 2
fi
entry="$1"
shift

printf 'Compiling the tools (what changed since the last run)…\n' >&2
started_ms="$(date +%s%3N)"
# A signal while compiling stops the compiler too, instead of leaving it running.
node_modules/.bin/tsc -p tsconfig.tools.json &
compiler=$!
trap 'kill "$compiler" 2>/dev/null; exit 143' TERM
trap 'kill "$compiler" 2>/dev/null; exit 130' INT
wait "$compiler"
trap - TERM INT
TOOLS_COMPILE_MS="$(($(date +%s%3N) - started_ms))"
export TOOLS_COMPILE_MS
exec node_modules/.bin/node --disable-warning=ExperimentalWarning "out/$entry.js" "$@"
