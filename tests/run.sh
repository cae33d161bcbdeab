#!/usr/bin/env bash
# Installs everything the tests need on a fresh machine, then runs ruff, mypy and the whole test suite.
# Usage: bash tests/run.sh [--fast] [extra pytest arguments]
#   --fast: ruff, mypy and every test but the browser tests (no browser needed, none installed).
set -euo pipefail
cd "$(dirname "$0")/.."
fast=0
if [ "${1:-}" = "--fast" ]; then
  fast=1
  shift
fi

# The browser tests run in Debian's chromium-headless-shell (the same browser without its windows: less CPU a
# test, the same pixels); the benchmarks in tests/bench use chromium itself, as a player's browser.
if [ "$fast" = 0 ] && { ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1; }; then
  echo "Installing Debian's chromium and chromium-headless-shell for the browser tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
  fi
fi

# WebKit, Safari's engine, for the WebKit tests (tests/browser/test_webkit_*.py): Debian's WebKitGTK driven by
# its WebDriver (Selenium), in an X server of its own. webkit2gtk-driver alone: installed together with
# wpewebkit-driver, apt refuses (held packages).
if [ "$fast" = 0 ] && { ! command -v WebKitWebDriver >/dev/null 2>&1 || ! command -v Xvfb >/dev/null 2>&1; }; then
  echo "Installing Debian's webkit2gtk-driver and xvfb for the WebKit tests..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq webkit2gtk-driver xvfb >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq webkit2gtk-driver xvfb >/dev/null
  fi
fi

# The phone site's build (tests/phone, tests/browser/test_phone_site.py) fetches the Pyodide runtime with npm.
if ! command -v npm >/dev/null 2>&1; then
  echo "Installing Debian's npm for the phone site's build..."
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  fi
fi

# pip only when something is missing (a fresh machine, a new requirement): resolving everything again is slow.
# tests/deps_ready.py names what is missing.
if ! python3 tests/deps_ready.py; then
  python3 -m pip install -q --disable-pip-version-check -e '.[test]'
fi
python3 -m ruff check companion tests
python3 -m mypy
# The suite starts some 300 `python -m companion` processes. Where PYTHONDONTWRITEBYTECODE is set (as on the CI
# machine) none of them writes its compiled modules, so each compiled every module it imports again: compile the
# package once (python -m tests.bench.claims prints what that saves a process).
python3 -m compileall -q companion >/dev/null
# In CI a missing browser must fail, never skip: the browser tests read this (pytest-xdist's workers inherit it).
export TREASURE_COMPANION_REQUIRE_BROWSER=1
# Four workers on two cores: a browser test mostly waits (for Flutter to draw, for the server), so browser test
# modules run side by side (the tests of a module sharing its app server on one worker: tests/browser/conftest.py
# groups them) with the rest. The longest tests come first (tests/conftest.py, LONGEST_FIRST) and
# --no-loadscope-reorder keeps that order (pytest-xdist would put the groups of many tests first, and the longest
# tests, groups of one, at the end of the run). The fast tier leaves the browser tests out (-m "not browser") and,
# with little left to wait for, runs on two workers (each worker collects the whole suite again). Arguments given
# to this script come after and may override these.
if [ "$fast" = 1 ]; then
  python3 -m pytest -q -n 2 -m "not browser" "$@"
else
  python3 -m pytest -q -n 4 --dist loadgroup --no-loadscope-reorder "$@"
fi
