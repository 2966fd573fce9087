#!/usr/bin/env bash
# Checks the Dockerfile without a container engine (none runs where the tests do):
#  1. copies exactly what the build stage's COPY lines name into a clean folder and runs the build stage's
#     `swift build` there, so a folder Package.swift needs but the image lacks fails here as it would in `docker build`.
#     In debug unless RELEASE=1: the same files and libraries, in a third of the time `make test` would spend on it;
#  2. checks every shared library `ldd` lists for the binary built there against the run stage's `apt-get install`
#     list (with what those packages depend on, and what debian:bookworm-slim already has);
#  3. checks that every path the run stage copies from the context exists.
# Usage: scripts/check-dockerfile.sh [Dockerfile]   (BINARY=path skips step 1 and checks that binary's libraries)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
dockerfile=${1:-$root/Dockerfile}
work=$(mktemp -d /tmp/resett-dockerfile-XXXXXX)
trap 'rm -rf "$work"' EXIT

# The build stage is everything before the second FROM; the run stage everything after it.
build_stage=$(awk '/^FROM /{n++} n==1' "$dockerfile")
run_stage=$(awk '/^FROM /{n++} n==2' "$dockerfile")
[ -n "$build_stage" ] && [ -n "$run_stage" ] || { echo "check-dockerfile: expected a build stage and a run stage"; exit 1; }

# 1. The build stage's context copies, then its swift build (the RUN line's first command).
while read -r _ source destination; do
  [ -e "$root/$source" ] || { echo "check-dockerfile: the build stage copies $source, which does not exist"; exit 1; }
  # Into a folder when the destination ends in / (COPY Package.swift ./), else as the destination (COPY Sources ./Sources).
  if [ "${destination: -1}" = "/" ]; then mkdir -p "$work/$destination"; cp -a "$root/$source" "$work/$destination"
  else mkdir -p "$(dirname "$work/$destination")"; cp -a "$root/$source" "$work/$destination"; fi
done < <(echo "$build_stage" | grep -E '^COPY ' | grep -v -- '--from')
command=$(echo "$build_stage" | grep -E '^RUN swift build' | sed -E 's/^RUN //; s/ *&&.*$//; s/ *\\$//')
[ -n "$command" ] || { echo "check-dockerfile: no 'RUN swift build' line in the build stage"; exit 1; }
[ "${RELEASE:-0}" = 1 ] || command=${command/ -c release/}
if [ -n "${BINARY:-}" ]; then
  binary=$BINARY
else
  echo "check-dockerfile: $command (in a folder holding only the build stage's COPY lines)"
  if ! (cd "$work" && $command > "$work/build.log" 2>&1); then
    grep -E "error" "$work/build.log" | head -20
    echo "check-dockerfile: the build stage's build fails with only what the Dockerfile copies"
    exit 1
  fi
  binary="$(cd "$work" && ${command%% --product*} --show-bin-path)/resett"
fi
[ -x "$binary" ] || { echo "check-dockerfile: the build stage's build made no binary"; exit 1; }

# 2. Libraries against the run stage's packages.
packages=$(echo "$run_stage" | tr -d '\\' | tr '\n' ' ' | grep -oE 'apt-get install [^&]*' | sed -E 's/apt-get install//; s/ -[-a-z]+//g')
# What debian:bookworm-slim has before anything is installed (its Essential and Priority: required libraries).
base="libc6 libgcc-s1 libstdc++6 zlib1g libzstd1 liblzma5 libbz2-1.0 libselinux1 libpcre2-8-0 libacl1 libattr1 libaudit1 libcap-ng0 libcap2 libcrypt1 libgmp10 libmd0 libsystemd0 liblz4-1 libgcrypt20 libgpg-error0 libtinfo6 libudev1 libxxhash0 libdb5.3 libpam0g libsemanage2 libsepol2 libbsd0 libsmartcols1 libuuid1 libblkid1 libmount1 libhogweed6 libnettle8 libgnutls30 libidn2-0 libp11-kit0 libtasn1-6 libunistring2 libffi8 libseccomp2 libdebconfclient0"
allowed=" $base "
for package in $packages; do
  allowed+=" $package "
  for dependency in $(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks --no-replaces --no-enhances \
                       "$package" 2>/dev/null | grep -E '^\w' | sed 's/:.*//'); do
    allowed+=" $dependency "
  done
done
# The libraries the binary opens at first use (Sources/CLazyLibrary) are in no DT_NEEDED entry, so ldd does not list
# them: each RESETT_LAZY_LIBRARY line names one, checked here with everything it needs.
lazy=""
for soname in $(grep -rhoE 'RESETT_LAZY_LIBRARY\([a-z0-9_]+, "[^"]+"' "$root/Sources" | sed -E 's/.*"(.*)"/\1/' | sort -u); do
  # awk reads to the end: leaving early would close the pipe on ldconfig, whose SIGPIPE pipefail and set -e make
  # the script's exit status (141), now and then, as ldconfig writes in several chunks.
  path=$(ldconfig -p | awk -v name="$soname" '$1 == name && !found { print $NF; found = 1 }')
  [ -n "$path" ] || { echo "check-dockerfile: $soname, which the binary opens at first use, is not installed here"; exit 1; }
  lazy+="$path"$'\n'"$(ldd "$path" | grep -oE '/[^ ]+\.so[^ ]*')"$'\n'
done
missing=""
while read -r library; do
  owner=$(dpkg -S "$(readlink -f "$library")" 2>/dev/null | head -1 | cut -d: -f1) || true
  [ -n "$owner" ] || owner=$(dpkg -S "$library" 2>/dev/null | head -1 | cut -d: -f1) || true
  if [ -z "$owner" ]; then missing+=" $library(no package)"; continue; fi
  [[ "$allowed" == *" $owner "* ]] || missing+=" $library($owner)"
done < <({ ldd "$binary" | grep -oE '/[^ ]+\.so[^ ]*'; printf '%s' "$lazy"; } | grep . | sort -u)
if [ -n "$missing" ]; then
  echo "check-dockerfile: the binary links libraries the run stage does not install:$missing"
  exit 1
fi
echo "check-dockerfile: $(ldd "$binary" | grep -c '=>') libraries linked and $(printf '%s' "$lazy" | grep . | sort -u | wc -l) opened at first use (with what they need), each from a run-stage package or the base image"

# 3. The run stage's copies from the build context.
while read -r _ source _; do
  [ -e "$root/$source" ] || { echo "check-dockerfile: the run stage copies $source, which does not exist"; exit 1; }
done < <(echo "$run_stage" | grep -E '^COPY ' | grep -v -- '--from')
echo "check-dockerfile: the Dockerfile builds and its run stage has what the binary needs"
