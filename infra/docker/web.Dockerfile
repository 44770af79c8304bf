# syntax=docker/dockerfile:1
# The site: built by Vite, served by unprivileged nginx, which also proxies the API paths to the
# `api` service (see nginx.conf). Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile -t homeservices/web .

FROM node:20-bookworm-slim AS build
WORKDIR /app
# The lockfile is npm 11's (Vite 8 does not install with the npm 10 this image ships).
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY tsconfig.json ./
# The site imports the API's pure domain modules (messages, prices, validation schemas).
COPY api api
COPY web web
RUN npm run build --workspace web

FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html
# The image's own non-root user (uid 101); nginx listens on 8080, so no privilege is needed.
USER nginx
EXPOSE 8080
STOPSIGNAL SIGQUIT
