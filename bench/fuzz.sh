#!/usr/bin/env bash
# Fuzzing: bench/fuzz.sh [seconds per target] [target ...]
# Each Fuzz/Fuzz<Target> mutates its corpus (Fuzz/corpus/<Target>) for the given time. A crash leaves its input in
# bench/results/fuzz/<Target>/crash-*; once fixed, commit it into Fuzz/corpus/<Target>/, where the regression
# test (Tests/WebTests/FuzzRegressionTests.swift) replays every input on every `make test`.
# libFuzzer (-sanitize=fuzzer) was the plan; its link fails on this toolchain (ld.gold internal error), so the
# driver is our own plain mutational loop (Fuzz/FuzzTargets/MutationFuzzer.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then targets=(RequestDecoder FormDecoding Cookies WebhookSignature HostAndAddresses); fi
for target in "${targets[@]}"; do swift build --product "Fuzz$target" >/dev/null; done
bin=$(swift build --show-bin-path)
status=0
for target in "${targets[@]}"; do
  if ! "$bin/Fuzz$target" -seconds "$seconds"; then
    echo "$target crashed: input in bench/results/fuzz/$target/"; status=1
  fi
done
exit $status
