#!/bin/bash
# Install the Quacks companion on Raspberry Pi OS (Bookworm or later; Pi 3, 4, 5, Zero 2 W).
#
#   hardware/install.sh                          Pico bags only (USB serial)
#   hardware/install.sh --spi-readers 4          RC522 modules on the Pi's SPI (1-4)
#   hardware/install.sh --service ~/table.toml   also start 'quacks serve' at boot
#
# Run it from the repository checkout as the user who will run the table (not as root);
# it uses sudo for the system parts. Safe to run again.
set -euo pipefail

SPI_READERS=0
SERVICE_CONFIG=""
while [ $# -gt 0 ]; do
  case "$1" in
    --spi-readers) SPI_READERS="$2"; shift 2 ;;
    --service) SERVICE_CONFIG="$(realpath "$2")"; shift 2 ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$SPI_READERS" in 0|1|2|3|4) ;; *) echo "--spi-readers takes 0-4" >&2; exit 2 ;; esac
if [ "$(id -u)" = 0 ]; then echo "run as your normal user, not root" >&2; exit 2; fi

HERE="$(cd "$(dirname "$0")/.." && pwd)"
MODEL="$(tr -d '\0' </proc/device-tree/model 2>/dev/null || echo unknown)"
echo "== Quacks companion install on: $MODEL"
case "$MODEL" in *"Raspberry Pi"*) ;; *) echo "   (not a Raspberry Pi: GPIO/SPI steps will be skipped)";; esac

BOOT_CONFIG=/boot/firmware/config.txt
[ -f "$BOOT_CONFIG" ] || BOOT_CONFIG=/boot/config.txt

echo "== System packages"
# python3-numpy: the exact advice's arrays, a binary for every Pi (the venv sees it, pip then installs none).
PACKAGES="python3-venv python3-pip python3-numpy git"
if [ "$SPI_READERS" -gt 0 ]; then
  # rpi-lgpio provides the RPi.GPIO module on every model, the Pi 5 included.
  PACKAGES="$PACKAGES python3-spidev python3-rpi-lgpio"
fi
sudo apt-get update
# shellcheck disable=SC2086
sudo apt-get install -y $PACKAGES
if [ "$SPI_READERS" -gt 0 ] && dpkg -s python3-rpi.gpio >/dev/null 2>&1; then
  echo "   removing python3-rpi.gpio (it conflicts with rpi-lgpio)"
  sudo apt-get remove -y python3-rpi.gpio
fi

echo "== Python environment in $HERE/.venv"
# --system-site-packages lets the venv use apt's spidev and rpi-lgpio (no compiler needed).
python3 -m venv --system-site-packages "$HERE/.venv"
"$HERE/.venv/bin/pip" install --upgrade pip
"$HERE/.venv/bin/pip" install "$HERE"
if [ "$SPI_READERS" -gt 0 ]; then
  # --no-deps: mfrc522 declares RPi.GPIO, which would replace rpi-lgpio and fail on a Pi 5.
  "$HERE/.venv/bin/pip" install --no-deps "mfrc522>=0.0.7"
  "$HERE/.venv/bin/pip" uninstall -y RPi.GPIO 2>/dev/null || true
fi

echo "== Device permissions"
sudo cp "$HERE/hardware/70-quacks-bags.rules" /etc/udev/rules.d/
sudo udevadm control --reload
sudo udevadm trigger --subsystem-match=tty || true
for group in dialout spi gpio; do
  if getent group "$group" >/dev/null; then sudo usermod -aG "$group" "$USER"; fi
done

REBOOT=""
if [ "$SPI_READERS" -gt 0 ]; then
  echo "== SPI"
  if command -v raspi-config >/dev/null; then
    sudo raspi-config nonint do_spi 0
  elif ! grep -q '^dtparam=spi=on' "$BOOT_CONFIG"; then
    echo 'dtparam=spi=on' | sudo tee -a "$BOOT_CONFIG" >/dev/null
  fi
  if [ "$SPI_READERS" -gt 2 ] && ! grep -q '^dtoverlay=spi1-' "$BOOT_CONFIG"; then
    echo 'dtoverlay=spi1-2cs' | sudo tee -a "$BOOT_CONFIG" >/dev/null
    REBOOT=yes
  fi
  [ -e /dev/spidev0.0 ] || REBOOT=yes
fi

if [ -n "$SERVICE_CONFIG" ]; then
  echo "== systemd service"
  sed -e "s#@USER@#$USER#g" -e "s#@DIR@#$HERE#g" -e "s#@CONFIG@#$SERVICE_CONFIG#g" \
    "$HERE/hardware/quacks.service" | sudo tee /etc/systemd/system/quacks.service >/dev/null
  sudo systemctl daemon-reload
  sudo systemctl enable quacks.service
  echo "   enabled; it starts at boot (now: sudo systemctl start quacks)"
fi

echo
echo "Done. Next:"
if [ -n "$REBOOT" ]; then echo "  - reboot (SPI settings changed): sudo reboot"; fi
echo "  - log out and in again (new groups), then run: $HERE/.venv/bin/quacks doctor"
echo "  - follow the bring-up checklist in hardware/README.md"
