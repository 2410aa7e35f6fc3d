#!/usr/bin/env bash
# Installs everything Pagewright needs on Debian bookworm (run as root) and builds it.
# Idempotent: Debian packages already installed and an unchanged package-lock.json are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."

# Engines and tools the product calls, the fonts it renders with, the browser the e2e tests
# drive, LibreOffice without its GUI (with python3-uno for the warm conversion pool), epubcheck
# (Java) that the EPUB output tests run, and the compilers that build better-sqlite3 from
# source (no prebuilt download here). PostgreSQL: npm run test:scale runs the server tests on it
# (scripts/scale-up.sh starts a cluster of its own; the package's default cluster is not used).
# The AI-text detector's data is built from the public-domain King James Version that
# bible-kjv prints (scripts/detector/build.js); the proofreader reads Hunspell dictionaries.
# Redis: the BullMQ queue's tests start a redis-server of their own on a loopback port.
# Fonts: LibreOffice and Chromium find them through fontconfig (the packages' install trigger
# refreshes its cache). Without a font for a script its text comes out as empty boxes. Noto CJK
# (~91 MB: Japanese, Chinese, Korean) and Noto core (~43 MB: Arabic, Devanagari and the other
# living scripts) cover the scripts; Carlito and Caladea have the widths of Calibri and Cambria,
# so Word documents set in them keep their line breaks (Liberation does the same for Arial,
# Times New Roman and Courier New). The editor's edit mode reads the same faces' files from
# /usr/share/fonts/truetype and embeds them for new text its document's own font cannot show.
# libharfbuzz-bin: hb-shape, HarfBuzz's own program, is the reference the translator's shaping
# tests compare the glyphs written for Hindi and Thai with (the engine shapes with harfbuzzjs).
# Apertium with the pairs Debian ships translates documents offline (ai-translator): English <->
# Spanish and Catalan, Spanish <-> Portuguese, French and Italian (apertium-es-it is now apertium-spa-ita).
APT_PACKAGES=(
  qpdf ghostscript poppler-utils unzip
  tesseract-ocr tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-spa tesseract-ocr-fra
  tesseract-ocr-jpn tesseract-ocr-por tesseract-ocr-chi-sim
  chromium fonts-dejavu-core fonts-liberation2
  fonts-noto-cjk fonts-noto-core fonts-crosextra-carlito fonts-crosextra-caladea
  libreoffice-core-nogui libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui
  libreoffice-draw-nogui python3-uno
  epubcheck
  python3 make g++
  postgresql redis-server
  apertium apertium-eng-spa apertium-eng-cat apertium-es-pt apertium-fr-es apertium-spa-ita
  bible-kjv bible-kjv-text
  libharfbuzz-bin
  hunspell hunspell-en-us hunspell-es hunspell-fr hunspell-de-de hunspell-pt-br hunspell-it
)

missing=()
for pkg in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
else
  echo "setup: Debian packages present"
fi

# node-gyp builds native addons against the installed Node's headers instead of downloading them.
if [ -z "${npm_config_nodedir:-}" ] && [ -f /usr/include/node/node.h ]; then
  export npm_config_nodedir=/usr
fi

stamp=node_modules/.pagewright-setup
lock_hash=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$lock_hash" ] && [ -d node_modules/better-sqlite3/build ]; then
  echo "setup: npm dependencies up to date"
else
  echo "setup: installing npm dependencies"
  npm ci --no-audit --no-fund
  echo "$lock_hash" > "$stamp"
fi

echo "setup: building"
npm run build
