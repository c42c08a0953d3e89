#!/usr/bin/env bash
# Idempotent setup for `npm run demo` and `npm test` on a fresh Debian 12 + Node 20 machine:
# npm dependencies when missing, then the Debian toolchains of shared/TOOLCHAINS.md when missing.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [ ! -x node_modules/.bin/tsx ] || [ ! -d node_modules/@kforge/ir ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[bootstrap] installing npm dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi

# redis-server: the farm tests (packages/farm) start their own on a loopback port. Never fatal: without
# it those tests skip, saying so.
if ! command -v redis-server >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
    echo "[bootstrap] installing redis-server (the farm tests' job queue)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -qq redis-server >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; } ||
      echo "[bootstrap] could not install redis-server with apt-get: the farm tests will skip" >&2
  else
    echo "[bootstrap] redis-server is missing and cannot be installed here (not root, or no apt-get): the farm tests will skip; as root: apt-get install redis-server" >&2
  fi
fi

APT_PACKAGES=(clang-19 lld-19 qemu-user gcc-aarch64-linux-gnu gcc-riscv64-linux-gnu libc6-dev-arm64-cross
  libc6-dev-riscv64-cross pocl-opencl-icd ocl-icd-opencl-dev clinfo glslang-tools spirv-tools libvulkan-dev
  vulkan-tools libopenblas-dev cmake zlib1g-dev openssh-server openssh-client chromium)
missing=()
for p in "${APT_PACKAGES[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
mesa_ok=0
if dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null | grep -q '^25'; then mesa_ok=1; fi

if [ ${#missing[@]} -eq 0 ] && [ $mesa_ok -eq 1 ]; then exit 0; fi

BACKPORTS="echo 'deb http://deb.debian.org/debian bookworm-backports main' > /etc/apt/sources.list.d/backports.list"
if [ "$(id -u)" != "0" ]; then
  echo "[bootstrap] missing Debian packages: ${missing[*]} $([ $mesa_ok -eq 1 ] || echo 'mesa-vulkan-drivers (25.x from bookworm-backports)')" >&2
  echo "[bootstrap] run as root:" >&2
  echo "  apt-get update && apt-get install -y ${APT_PACKAGES[*]}" >&2
  echo "  $BACKPORTS && apt-get update && apt-get install -y -t bookworm-backports mesa-vulkan-drivers" >&2
  exit 2
fi
echo "[bootstrap] installing Debian toolchains: ${missing[*]} $([ $mesa_ok -eq 1 ] || echo mesa-vulkan-drivers/backports)"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if [ ${#missing[@]} -gt 0 ]; then apt-get install -y -qq "${APT_PACKAGES[@]}" >/dev/null; fi
if [ $mesa_ok -eq 0 ]; then
  eval "$BACKPORTS"
  apt-get update -qq
  apt-get install -y -qq -t bookworm-backports mesa-vulkan-drivers >/dev/null
fi
echo "[bootstrap] toolchains installed"
