# syntax=docker/dockerfile:1
# The API and the workers: one build, two images (targets `api` and `workers`). Both run the
# compiled bundle of `npm run build:server` with node alone (no TypeScript loader at run time),
# on the Node 24 LTS named in infra/runtime-node-version, under which
# tests/infra/compiled-server.test.ts runs the same bundle. Build from the repository root:
#   docker build -f infra/docker/server.Dockerfile --target api -t homeservices/api .
#   docker build -f infra/docker/server.Dockerfile --target workers -t homeservices/workers .

# Pinned: the same version as infra/runtime-node-version (tests/infra/compose.test.ts checks it).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app

# The whole workspace, to build the site and the server bundle.
FROM base AS build
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY infra/build infra/build
COPY api api
COPY workers workers
COPY web web
RUN npm run build --workspace web && npm run build:server

# Runtime dependencies of the api and workers workspaces only: no dev tools, no tsx.
FROM base AS prod-deps
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
      --workspace api --workspace workers --include-workspace-root=false \
 && mkdir -p api/node_modules

# What both images share. Files are owned by root and only readable by the process: the running
# code cannot change itself. The bundle sits in api/dist so Node finds api/node_modules from it.
FROM base AS server
ENV NODE_ENV=production
COPY package.json ./
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/api/node_modules api/node_modules
COPY api/package.json api/
COPY --from=build /app/api/dist api/dist
STOPSIGNAL SIGTERM

FROM server AS workers
# Health on WORKERS_HEALTH_PORT (compose and the Kubernetes probes set 9466).
ENV WORKERS_HEALTH_PORT=9466
USER node
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.WORKERS_HEALTH_PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same heap limit as infra/local/launcher.ts NODE_FLAGS.workers.
CMD ["node", "--enable-source-maps", "--max-old-space-size=192", "api/dist/workers/main.js"]

# Last, so a plain `docker build` without --target gives the API. It carries the built site,
# so the API alone can serve everything on one origin (WEB_DIST_DIR).
FROM server AS api
ENV HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIST_DIR=/app/web/dist
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=64", "api/dist/api/main.js"]
