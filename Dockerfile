# syntax=docker/dockerfile:1
# Tigris Advisory's image (issue 38, docs/decisions/052-container-image-and-compose.md).
#
#   docker build -t tigris-advisory .
#   docker run -p 3000:3000 -v tigris-data:/var/lib/tigris tigris-advisory
#
# Alone it runs the whole site on the embedded database (PROCESS_ROLE=all). compose.yaml
# runs it as web, worker and migrate beside PostgreSQL; docs/operations.md says how.
# Every step is one of two scripts, deploy/container/build.sh and start.sh, which
# tests/e2e/deploy-container.spec.ts runs where no image can be built.

# The project's Node: package.json's `node` devDependency, at the version package-lock.json
# pins (decision 004; the test checks they agree).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
# The dependencies first: a change to the sources alone reuses this layer.
COPY package.json package-lock.json ./
COPY deploy/container/build.sh deploy/container/build.sh
RUN deploy/container/build.sh dependencies
COPY . .
RUN deploy/container/build.sh app prune

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PROCESS_ROLE=all \
    PORT=3000 \
    DATA_DIR=/var/lib/tigris \
    BACKUP_DIR=/var/backups/tigris \
    NPM_CONFIG_UPDATE_NOTIFIER=false \
    NPM_CONFIG_FUND=false \
    NPM_CONFIG_CACHE=/tmp/npm-cache
WORKDIR /app
# Owned by root and read-only to the server: it writes only to DATA_DIR and BACKUP_DIR.
COPY --from=build /app /app
RUN mkdir -p /var/lib/tigris /var/backups/tigris \
 && chown 1000:1000 /var/lib/tigris /var/backups/tigris \
 && chmod 700 /var/lib/tigris /var/backups/tigris
# The base image's `node` user, by number, so Kubernetes' runAsNonRoot can check it.
USER 1000:1000
EXPOSE 3000
VOLUME ["/var/lib/tigris", "/var/backups/tigris"]
# The first start on an empty embedded database takes about 10 s (more on a busy host).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["deploy/container/start.sh", "healthcheck"]
ENTRYPOINT ["deploy/container/start.sh"]
CMD ["serve"]
