# syntax=docker/dockerfile:1
# The front door: unprivileged nginx that proxies every request to the `api` service, which
# serves the built site itself (its image carries it) with its own headers. Nothing is built
# here. Build from the repository root:
#   docker build -f infra/docker/web.Dockerfile -t homeservices/web .

# 1.28: the first stable line whose open-source nginx re-resolves an upstream's name
# (`server ... resolve`, see nginx-upstream.conf).
FROM nginxinc/nginx-unprivileged:1.28.0-alpine
# Replaces the image's default site. The image's nginx.conf includes conf.d/*.conf in its http
# block, so the upstream file is read too (in either order: a proxy_pass may name an upstream
# defined after it).
COPY infra/docker/nginx.conf /etc/nginx/conf.d/default.conf
COPY infra/docker/nginx-upstream.conf /etc/nginx/conf.d/upstream.conf
# The image's own non-root user (uid 101); nginx listens on 8080, so no privilege is needed.
USER nginx
EXPOSE 8080
# nginx's graceful stop: requests in progress are finished.
STOPSIGNAL SIGQUIT
