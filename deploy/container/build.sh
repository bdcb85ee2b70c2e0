#!/bin/sh
# The image's build steps: the Dockerfile's build stage runs exactly this script, and
# tests/e2e/deploy-container.spec.ts checks what it runs (docs/decisions/052).
#
#   deploy/container/build.sh [--dry-run] [dependencies] [app] [prune]
#
#   dependencies  npm ci: the lockfile's exact tree, dev dependencies included (the build
#                 needs Vite, React Router's compiler and esbuild)
#   app           npm run build: React Router's build, the compiled server
#                 (build/server/start.js), /sw.js and V8's compile cache (decision 026, 028)
#   prune         npm prune --omit=dev: the runtime keeps the dependencies only. start.sh
#                 runs Node on the compiled build; the scripts (migrate, backup, restore,
#                 create-admin) run on tsx, which is a dependency, not a dev dependency.
#
# With no step named, all three in that order. --dry-run prints the commands and runs
# nothing. Do not run the prune step in a development checkout: it removes the tools
# `npm test` needs (`npm install` brings them back).
set -eu
cd "$(dirname "$0")/../.."

dry_run=false
if [ "${1:-}" = "--dry-run" ]; then
  dry_run=true
  shift
fi

run() {
  echo "+ $*"
  if [ "$dry_run" = false ]; then "$@"; fi
}

if [ $# -eq 0 ]; then set -- dependencies app prune; fi
for step in "$@"; do
  case "$step" in
    dependencies) run npm ci --no-audit --no-fund ;;
    app) run npm run build ;;
    prune) run npm prune --omit=dev --no-audit --no-fund ;;
    *)
      echo "build.sh: unknown step '$step' (steps: dependencies, app, prune)" >&2
      exit 2
      ;;
  esac
done
