#!/bin/sh
# What `npm test` needs beyond npm packages: the browser tests drive Debian's Chromium (CHROMIUM_PATH,
# default /usr/bin/chromium), and the registration journey decodes the voucher's barcode with zbarimg.
# Installs what is missing with apt-get when it may (as root, or with passwordless sudo); otherwise
# stops before the long build, saying what to install.
set -eu

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
missing=""

if [ ! -x "$chromium" ]; then
	if [ -n "${CHROMIUM_PATH:-}" ]; then
		echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable: point it at Chromium, or unset it to use /usr/bin/chromium." >&2
		exit 1
	fi
	missing="chromium"
fi
if ! command -v zbarimg >/dev/null 2>&1; then
	missing="$missing zbar-tools"
fi
missing="${missing# }"
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
	as_root=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
	as_root="sudo"
else
	as_root="none"
fi
if [ "$as_root" = "none" ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "npm test needs these Debian packages, missing here: $missing" >&2
	echo "Install them (as root: apt-get install -y $missing), or set CHROMIUM_PATH to a Chromium elsewhere, then run npm test again." >&2
	exit 1
fi

echo "Installing for the browser tests: $missing"
$as_root apt-get update -qq
# shellcheck disable=SC2086 # one word per package
$as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
still=""
[ -x "$chromium" ] || still="$chromium"
command -v zbarimg >/dev/null 2>&1 || still="$still zbarimg"
if [ -n "$still" ]; then
	echo "Still missing after apt-get install $missing: ${still# } (for a Chromium elsewhere, set CHROMIUM_PATH)." >&2
	exit 1
fi
