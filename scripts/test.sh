#!/usr/bin/env bash
# Quick start (b): set up, build and run every test (lint, types, unit, integration, corpus, e2e).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec npm test
