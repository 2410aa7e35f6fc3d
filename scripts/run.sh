#!/usr/bin/env bash
# Quick start (a): set up, build and start Pagewright at http://localhost:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec npm start
