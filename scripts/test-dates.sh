#!/usr/bin/env bash
# Runs the Swift suites again with every test clock started at awkward moments (issue 73), so a test that holds only on
# some days is found on purpose rather than on the day the calendar reaches it. Not part of `make test`: a pass is about
# a minute on SQLite, and the dates below are fixed, so one run after a change to anything with dates in it is enough.
#
#   scripts/test-dates.sh                          # the dates below, on SQLite
#   scripts/test-dates.sh 2030-01-01T00:00:00Z     # any instants (or seconds since 1970) of your own
#   RESETT_TEST_POSTGRES=postgres://… scripts/test-dates.sh   # on PostgreSQL, as `make test` starts it
#
# The end-to-end suites start their clocks at RESETT_TEST_NOW (Tests/EndToEndTests/Support/AppFixture.swift); the rules
# and in-process suites keep their own fixed mornings, and are run here too so the whole suite is seen at each date.
set -uo pipefail
cd "$(dirname "$0")/.."

dates=("$@")
if [ ${#dates[@]} -eq 0 ]; then
  dates=(
    2027-01-31T23:30:00Z  # the last day of a month, late (the next day is another month in every zone east of London)
    2028-02-29T12:00:00Z  # 29 February
    2026-10-25T00:30:00Z  # the Sunday the clocks go back in the UK: 01:30 BST, an hour that comes round twice
    2027-03-28T01:30:00Z  # the Sunday they go forward: 02:30 BST, just after the hour that never was
    2026-11-30T00:00:00Z  # a Monday at 00:00 UTC: a new week, and the first moment of a block of four for the report
    2026-12-31T23:59:00Z  # the last minute of a year
    2027-06-30T23:30:00Z  # summer time: already 1 July in London while still 30 June in UTC
    2026-11-29T23:30:00Z  # a Sunday's last half hour: the week ends, and the report's block of four with it
  )
fi

swift build --build-tests >/dev/null || exit 1
failed=()
for moment in "${dates[@]}"; do
  log=".build/test-dates-${moment//:/}.log"
  printf 'RESETT_TEST_NOW=%s … ' "$moment"
  if RESETT_TEST_NOW="$moment" swift test --skip-build >"$log" 2>&1; then
    echo "passed"
  else
    echo "FAILED (see $log)"; grep -E "^✘ Test .* recorded an issue|error:.*\.swift" "$log" | head -20
    failed+=("$moment")
  fi
done
[ ${#failed[@]} -eq 0 ] || { echo "Failed at: ${failed[*]}"; exit 1; }
