# syntax=docker/dockerfile:1
# The API: TypeScript run by tsx (a regular dependency), plus the built site so the API alone can
# serve everything on one origin (WEB_DIST_DIR=/app/web/dist). Build from the repository root:
#   docker build -f infra/docker/api.Dockerfile -t homeservices/api .

FROM node:20-bookworm-slim AS base
WORKDIR /app
# The lockfile is npm 11's (Vite 8 does not install with the npm 10 this image ships).
RUN npm install -g npm@11 --no-audit --no-fund

# Build stage: the whole workspace, to build the site.
FROM base AS build
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.json ./
COPY api api
COPY web web
RUN npm run build --workspace web

# Runtime dependencies of the api and workers workspaces only (no dev tools, no local launcher).
FROM base AS prod-deps
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
      --workspace api --workspace workers --include-workspace-root=false \
 && mkdir -p api/node_modules

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIST_DIR=/app/web/dist
WORKDIR /app
# Owned by root and only readable by the process: the running code cannot change itself.
COPY package.json tsconfig.json ./
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/api/node_modules api/node_modules
COPY api/package.json api/tsconfig.json api/
COPY api/src api/src
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "api/src/main.ts"]
