#!/bin/sh
# Writes the secrets compose.yaml reads, once: deploy/compose/make-secrets.sh [DIR]
# (default deploy/compose/secrets, which git ignores). A file that exists is kept, so
# running it again changes nothing; to rotate one, see docs/operations.md.
#
#   postgres_password     the database user's password (PostgreSQL, the app, PgBouncer)
#   pgbouncer_userlist    PgBouncer's auth_file line for that user and password
#   better_auth_secret    BETTER_AUTH_SECRET: signs sessions and links, seals two-factor keys
#   identity_files_key    IDENTITY_FILES_KEY: the master key of investors' identity files
#   metrics_token         METRICS_TOKEN: the bearer token that reads /metrics
#
# Keep a copy of better_auth_secret and identity_files_key away from this machine and
# away from the backups: a backup restores only under the same secret, and identity files
# open only under the same key.
set -eu
dir=${1:-"$(dirname "$0")/secrets"}
umask 077
mkdir -p "$dir"
# The directory keeps them from other users of the host; the files themselves must be
# readable inside the containers, whose users differ (PostgreSQL, PgBouncer, the app).
chmod 700 "$dir"

write() {
  if [ -s "$dir/$1" ]; then
    echo "kept    $dir/$1"
    return
  fi
  printf '%s\n' "$2" > "$dir/$1"
  chmod 644 "$dir/$1"
  echo "written $dir/$1"
}

write postgres_password "$(openssl rand -hex 24)"
write pgbouncer_userlist "\"tigris\" \"$(cat "$dir/postgres_password")\""
write better_auth_secret "$(openssl rand -base64 32)"
write identity_files_key "$(openssl rand -base64 32)"
write metrics_token "$(openssl rand -hex 24)"
