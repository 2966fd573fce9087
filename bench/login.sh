#!/usr/bin/env bash
# bench/login.sh PORT EMAIL: logs in through the real form and prints the session cookie ("resett_session=...").
set -euo pipefail
port=$1 email=$2 jar=$(mktemp)
csrf=$(curl -s -c "$jar" "http://127.0.0.1:$port/login" | grep -o 'name="_csrf" value="[0-9a-f]*"' | head -1 | grep -o '[0-9a-f]\{64\}')
curl -s -b "$jar" -c "$jar" -o /dev/null --data-urlencode "_csrf=$csrf" --data-urlencode "email=$email" \
  --data-urlencode "password=a calm and steady passphrase" "http://127.0.0.1:$port/login"
awk '$6 == "resett_session" {print "resett_session=" $7}' "$jar"
rm -f "$jar"
