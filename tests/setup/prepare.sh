#!/usr/bin/env bash
# Makes a bare machine of this kind ready for `npm test`: Debian's Chromium (and its headless shell), Dovecot and
# poppler-utils, and the local PostgreSQL and Redis (started only when nothing answers on their ports).
set -euo pipefail

# chromium: the browser (tests/bench/lcp.ts); chromium-headless-shell: the same release built as the
# headless shell, which the browser tests run in (tests/setup/browser.ts).
if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromium-headless-shell ]; then
  echo "Installing Chromium and its headless shell from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq chromium chromium-headless-shell >/dev/null
fi

if [ ! -x /usr/sbin/dovecot ]; then
  echo "Installing Dovecot (IMAP server for the Inbox tests) from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq dovecot-imapd >/dev/null
fi

if [ ! -x /usr/bin/pdftotext ]; then
  echo "Installing poppler-utils (pdftotext -bbox for the PDF margin tests) from Debian's packages..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq && apt-get install -y -qq poppler-utils >/dev/null
fi

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

if [ -z "${DATABASE_URL:-}" ] && ! port_open 5432; then
  echo "Starting PostgreSQL..."
  if ! ls /etc/postgresql >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get update -qq && apt-get install -y -qq postgresql >/dev/null
  fi
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
  for _ in $(seq 1 30); do port_open 5432 && break; sleep 1; done
fi

if [ -z "${REDIS_URL:-}" ] && ! port_open 6379; then
  echo "Starting Redis..."
  command -v redis-server >/dev/null || { DEBIAN_FRONTEND=noninteractive apt-get update -qq && apt-get install -y -qq redis-server >/dev/null; }
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no
  for _ in $(seq 1 30); do port_open 6379 && break; sleep 1; done
fi
