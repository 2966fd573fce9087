#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer: bench/fuzz.sh [seconds per target] [target ...]
# Builds each Fuzz/Fuzz<Target> with -sanitize=fuzzer,address (release, linked with lld: Debian's ld.gold stops with
# an internal error on these objects) in .build-fuzz, then runs it for the given time, starting from the committed
# corpus Fuzz/corpus/<Target>; inputs that reach new code go to bench/results/fuzz/<Target>/corpus (merge them in
# with FUZZ_MERGE=1). A crash stops the run and leaves its input in bench/results/fuzz/<Target>/; once fixed, commit
# it into Fuzz/corpus/<Target>/, where the regression test (Tests/WebTests/FuzzRegressionTests.swift) replays every
# input on every `make test`.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(RequestDecoder FormDecoding Cookies WebhookSignature HostAndAddresses SCIM WebAuthn SAML); fi
mkdir -p bench/results/fuzz
status=0
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -enable-testing -Xswiftc -use-ld=lld
       --scratch-path .build-fuzz)
for target in "${targets[@]}"; do
  if ! out=$(swift build "${flags[@]}" --product "Fuzz$target" 2>&1); then
    echo "$out" | grep -E "error" >&2; echo "building Fuzz$target failed" >&2; exit 1
  fi
done
bin=$(swift build "${flags[@]}" --show-bin-path)
for target in "${targets[@]}"; do
  mkdir -p "Fuzz/corpus/$target" "bench/results/fuzz/$target/corpus"
  log="bench/results/fuzz/$target.log"
  if "$bin/Fuzz$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
       -artifact_prefix="bench/results/fuzz/$target/" "bench/results/fuzz/$target/corpus" "Fuzz/corpus/$target" > "$log" 2>&1; then
    echo "$target: $(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$') executions in ${seconds} s," \
         "$(grep -E '^#[0-9]+.*cov:' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[^ ]+')"
  else
    echo "$target crashed: see $log and bench/results/fuzz/$target/"; status=1
  fi
  if [ "${FUZZ_MERGE:-0}" = 1 ]; then
    "$bin/Fuzz$target" -merge=1 "Fuzz/corpus/$target" "bench/results/fuzz/$target/corpus" >/dev/null 2>&1
  fi
done
exit $status
