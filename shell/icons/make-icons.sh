#!/bin/sh
# The app's PNG icons (shell/public/icons/), made from its SVG marks with rsvg-convert (Debian: apt-get install
# librsvg2-bin). Run from shell/ after changing public/favicon.svg or icons/maskable.svg, and commit the PNGs.
#   icon-192.png, icon-512.png    the round mark on transparency (manifest, purpose "any")
#   icon-maskable-512.png         the mark inside the safe zone on a full square (manifest, purpose "maskable":
#                                 the launcher cuts its own shape out of it)
#   apple-touch-icon.png          the full square at 180 px (iOS rounds the corners itself)
set -eu
cd "$(dirname "$0")/.."
rsvg-convert -w 192 -h 192 public/favicon.svg -o public/icons/icon-192.png
rsvg-convert -w 512 -h 512 public/favicon.svg -o public/icons/icon-512.png
rsvg-convert -w 512 -h 512 icons/maskable.svg -o public/icons/icon-maskable-512.png
rsvg-convert -w 180 -h 180 icons/maskable.svg -o public/icons/apple-touch-icon.png
