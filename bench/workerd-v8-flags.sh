#!/bin/bash
# workerd with V8 flags, for a bench (MINIFLARE_WORKERD_PATH): miniflare sends the config on stdin,
# bench/v8-flags.mjs adds WORKERD_V8_FLAGS to it, and this process becomes workerd (exec: same pid,
# so miniflare's signals and the bench's process group reach it). BENCH_WORKERD: the real binary;
# BENCH_WORKERD_LOG: a file for workerd's output (e.g. with V8's --trace-gc), instead of miniflare.
set -euo pipefail
config=$(mktemp)
node "$(dirname "$0")/v8-flags.mjs" > "$config"
exec 0< "$config"
rm -f "$config"
if [ -n "${BENCH_WORKERD_LOG:-}" ]; then exec "$BENCH_WORKERD" "$@" >> "$BENCH_WORKERD_LOG" 2>&1; fi
exec "$BENCH_WORKERD" "$@"
