#!/bin/sh
# Copy the bag firmware onto a Pico that runs MicroPython, then reset it.
#   hardware/flash-bag.sh                 the only Pico plugged in
#   hardware/flash-bag.sh <usb-serial>    a given Pico (see ls /dev/serial/by-id)
# Needs mpremote (pip install mpremote). Stop 'quacks serve' first: it holds the ports.
set -eu
cd "$(dirname "$0")/.."
command -v mpremote >/dev/null || { echo "mpremote not found: pip install mpremote" >&2; exit 1; }
if [ $# -ge 1 ]; then device="id:$1"; else device="auto"; fi
# MicroPython 1.22 or newer: its USB serial port reports whether a write would block,
# which keeps the bag polling while the host is not reading (firmware/README.md).
version=$(mpremote connect "$device" exec "import sys; print('%d %d' % sys.implementation.version[:2])" | tr -d '\r')
# shellcheck disable=SC2086  # split "major minor"
set -- $version
if [ "$1" -lt 1 ] || { [ "$1" -eq 1 ] && [ "$2" -lt 22 ]; }; then
  echo "This Pico runs MicroPython $1.$2; the bag firmware needs 1.22 or newer (firmware/README.md)." >&2
  exit 1
fi
files=$(grep -v '^#' firmware/FILES | grep .)
# shellcheck disable=SC2086  # one argument per file
mpremote connect "$device" cp $files : + reset
echo "Flashed. Check it with: quacks doctor"
