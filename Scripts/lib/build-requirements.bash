# shellcheck shell=bash
# What building needs beyond the Swift toolchain: SQLite's development files (GRDB compiles against the system's
# libsqlite3). check_build_requirements NAME stops in well under a second, with one line naming the missing package
# and the command that installs it (exit 69), so that a build never fails minutes in for a missing library. Run as
# root where apt-get exists, it installs the package itself first, as .ci/run does, and stops the same way if that
# fails.

sqlite_headers_present() {
  local compiler
  compiler="$(command -v clang || command -v cc || true)"
  [[ -n "$compiler" ]] || return 1
  # The header must define SQLite's version: an empty or foreign sqlite3.h is not SQLite's development files.
  printf '#include <sqlite3.h>\n#ifndef SQLITE_VERSION_NUMBER\n#error not SQLite\n#endif\n' \
    | "$compiler" -E -x c - >/dev/null 2>&1
}

check_build_requirements() { # NAME: the script's name, for the message
  local name="$1"
  if ! command -v swift >/dev/null 2>&1; then
    echo "$name: the Swift toolchain is not on PATH: install Swift 6 (https://www.swift.org/install/)." >&2
    exit 69
  fi
  sqlite_headers_present && return 0
  if [[ "$(uname -s)" == Linux && "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Installing libsqlite3-dev (the build needs SQLite's headers)…" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libsqlite3-dev; } >&2 || true
    sqlite_headers_present && return 0
  fi
  echo "$name: the build needs SQLite's development files: sudo apt-get install libsqlite3-dev (Fedora: sudo dnf install sqlite-devel)." >&2
  exit 69
}

# check_test_requirements NAME: what building needs, and the sqlite3 command, which tests use to look inside a
# credentials file as another program would; installed the same way as root.
check_test_requirements() {
  local name="$1"
  check_build_requirements "$name"
  command -v sqlite3 >/dev/null 2>&1 && return 0
  if [[ "$(uname -s)" == Linux && "$(id -u)" -eq 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "==> Installing sqlite3 (the tests read credentials files with it)…" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sqlite3; } >&2 || true
    command -v sqlite3 >/dev/null 2>&1 && return 0
  fi
  echo "$name: the tests need the sqlite3 command: sudo apt-get install sqlite3 (Fedora: sudo dnf install sqlite)." >&2
  exit 69
}
