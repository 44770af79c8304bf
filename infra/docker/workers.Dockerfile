# syntax=docker/dockerfile:1
# The queue workers: TypeScript run by tsx (a regular dependency); they import the API's modules
# (jobs, models, mailer) through the @hs/api workspace link. Build from the repository root:
#   docker build -f infra/docker/workers.Dockerfile -t homeservices/workers .

FROM node:20-bookworm-slim AS base
WORKDIR /app
# The lockfile is npm 11's.
RUN npm install -g npm@11 --no-audit --no-fund

# Build stage: nothing to compile, only the runtime dependencies of the api and workers workspaces.
FROM base AS prod-deps
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund \
      --workspace api --workspace workers --include-workspace-root=false \
 && mkdir -p api/node_modules workers/node_modules

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
COPY package.json tsconfig.json ./
COPY --from=prod-deps /app/node_modules node_modules
COPY --from=prod-deps /app/api/node_modules api/node_modules
COPY --from=prod-deps /app/workers/node_modules workers/node_modules
COPY api/package.json api/tsconfig.json api/
COPY api/src api/src
COPY workers/package.json workers/tsconfig.json workers/
COPY workers/src workers/src
USER node
# No port: workers only talk to Redis, MongoDB and SMTP. Docker restarts the process if it exits.
STOPSIGNAL SIGTERM
# The same heap limit as infra/local/launcher.ts NODE_FLAGS.workers.
CMD ["node", "--max-old-space-size=192", "--import", "tsx", "workers/src/main.ts"]
