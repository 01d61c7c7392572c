#!/usr/bin/env bash
# The production install as an operator does it, in a temporary directory: the committed files,
# `npm ci --omit=dev` (no dev dependencies), `npm start` on a fresh SQLite file with
# NODE_ENV=production, one sign-up and one call, then SIGTERM and a clean exit. Run by .ci/run.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
pid=""
# npm and the service it starts run in a session of their own, so that a failed check ends both.
cleanup() { [ -n "$pid" ] && kill -- "-$pid" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

git -C "$root" archive HEAD | tar -x -C "$work"
cd "$work"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
if [ -e node_modules/typescript ] || [ -e node_modules/eslint ]; then echo "dev dependencies were installed"; exit 1; fi

port=$((20000 + RANDOM % 20000))
base="http://127.0.0.1:$port"
NODE_ENV=production PORT=$port HOST=127.0.0.1 DATABASE_URL="sqlite:$work/data/h.db" JOBS_ENABLED=false \
  AUTH_JWT_SECRET=production-install-check-secret-0123456789 setsid npm start >"$work/start.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do curl -fs "$base/ready" >/dev/null && break; sleep 0.2; done
curl -fs "$base/ready" >/dev/null || { echo "the service did not come up:"; cat "$work/start.log"; exit 1; }
grep -q '"msg":"healthops started"' "$work/start.log" || { echo "no start-up line:"; cat "$work/start.log"; exit 1; }

post() { curl -s -H 'content-type: application/json' ${2:+-H "authorization: Bearer $2"} -d "$1" "$base/api"; }
token=$(post '{"namespace":"auth","apiName":"signUp","data":{"email":"operator@example.com","password":"a good password"}}' | sed -n 's/.*"accessToken":"\([^"]*\)".*/\1/p')
[ -n "$token" ] || { echo "sign-up failed"; cat "$work/start.log"; exit 1; }
post '{"namespace":"organizations","apiName":"create","data":{"name":"Install Check","slug":"install-check","type":"clinic"}}' "$token" | grep -q '"status":"ok"' \
  || { echo "organizations.create failed"; cat "$work/start.log"; exit 1; }
# Production holds callers to their audience: no token, no organization data.
[ "$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -d '{"namespace":"patients","apiName":"listByOrganization","data":{"organizationId":"x"}}' "$base/api")" = 401 ] \
  || { echo "an anonymous call was not refused"; exit 1; }

# SIGTERM to the service itself (as systemd or a container runtime sends it), npm then exits with its code.
service_pid=$(sed -n 's/.*"msg":"healthops started".*"pid":\([0-9]*\).*/\1/p; s/.*"pid":\([0-9]*\),"msg":"healthops started".*/\1/p' "$work/start.log" | head -1)
[ -n "$service_pid" ] || { echo "no pid in the start-up line"; exit 1; }
kill -TERM "$service_pid"
wait "$pid" && status=0 || status=$?
pid=""
[ "$status" = 0 ] || { echo "exit status $status after SIGTERM"; cat "$work/start.log"; exit 1; }
echo "production install: npm ci --omit=dev, npm start, sign-up, organization, SIGTERM: ok"
