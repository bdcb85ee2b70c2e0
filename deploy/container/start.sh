#!/bin/sh
# The image's entry point: the Dockerfile's ENTRYPOINT and HEALTHCHECK run this script, and
# tests/e2e/deploy-container.spec.ts runs it against a real build (docs/decisions/052).
#
#   deploy/container/start.sh [serve]          the server, in the role PROCESS_ROLE names
#                                              (all, web or worker; the server reads it)
#   deploy/container/start.sh migrate          npm run migrate: the schema and the job
#                                              queue's, once, before new instances start
#   deploy/container/start.sh backup|restore|create-admin|identity:rewrap|identity:reencrypt [ARGS...]
#                                              the npm script of that name, with ARGS
#   deploy/container/start.sh healthcheck      exit 0 when this container's /healthz answers 200
#
# Secrets may come from files: VAR_FILE=/run/secrets/x sets VAR to that file's content
# for the names in SECRET_NAMES below (compose's secrets, Kubernetes' secret volumes).
# Setting both VAR and VAR_FILE is refused.
set -eu
cd "$(dirname "$0")/../.."

usage() {
  echo "usage: deploy/container/start.sh [serve | migrate | backup | restore FILE | create-admin ARGS | identity:rewrap | identity:reencrypt | healthcheck]" >&2
}

SECRET_NAMES="BETTER_AUTH_SECRET IDENTITY_FILES_KEY IDENTITY_FILES_PREVIOUS_KEYS METRICS_TOKEN SMTP_URL
STRIPE_SECRET_KEY STRIPE_WEBHOOK_SECRET GOOGLE_CLIENT_SECRET LINKEDIN_CLIENT_SECRET SEAL_P12_PASSPHRASE
DATABASE_URL DIRECT_DATABASE_URL PGPASSWORD"
for name in $SECRET_NAMES; do
  eval "file=\${${name}_FILE:-}"
  [ -n "$file" ] || continue
  eval "given=\${${name}:-}"
  if [ -n "$given" ]; then
    echo "start.sh: both $name and ${name}_FILE are set: set one of them" >&2
    exit 2
  fi
  if [ ! -r "$file" ]; then
    echo "start.sh: ${name}_FILE: cannot read $file" >&2
    exit 2
  fi
  # $(...) drops the file's trailing newlines, as `echo secret > file` leaves one.
  value=$(cat "$file")
  export "$name=$value"
  unset "${name}_FILE"
done

# The project's own Node when the dev dependencies are installed (decision 004); in the
# image, after the prune, the base image's Node, which is the same version.
node=node
if [ -x node_modules/.bin/node ]; then node=node_modules/.bin/node; fi

command=${1:-serve}
[ $# -eq 0 ] || shift
case "$command" in
  serve)
    if [ $# -ne 0 ]; then usage; exit 2; fi
    if [ ! -f build/server/start.js ]; then
      echo "start.sh: no build in $(pwd)/build: run deploy/container/build.sh (the image's build stage does)" >&2
      exit 1
    fi
    # What `npm start` runs (package.json's start, scripts/start.mjs) on a build made
    # beforehand: the same variable, flag and compile cache, without the rebuild check,
    # which needs the dev dependencies. exec: SIGTERM from Docker or Kubernetes reaches
    # Node itself, which drains requests before it exits.
    export NODE_ENV="${NODE_ENV:-production}"
    export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
    export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$(pwd)/build/.compile-cache}"
    exec "$node" --max-semi-space-size=4 build/server/start.js
    ;;
  migrate | backup | restore | create-admin | identity:rewrap | identity:reencrypt)
    exec npm run --silent "$command" -- "$@"
    ;;
  healthcheck)
    exec "$node" -e '
      const url = `http://127.0.0.1:${process.env.PORT || 3000}/healthz`;
      fetch(url, { signal: AbortSignal.timeout(4000) }).then(
        (response) => process.exit(response.ok ? 0 : 1),
        () => process.exit(1),
      );'
    ;;
  *)
    usage
    exit 2
    ;;
esac
