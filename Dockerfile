# syntax=docker/dockerfile:1
# The `vigil` image: `vigil serve` by default, `vigil agent` with the command `agent …`.
# Build: docker build -t vigil:latest .   Deploy: docs/deploy.md.
# The final stage holds the web assets, the server bundle, its SQL migrations and the server's
# production dependencies; it runs as uid 1000 and writes only to /tmp and /var/lib/vigil, so
# the root filesystem can be read-only. apps/server/test/deploy/image.test.ts stages the
# final stage's COPY lines into a directory and runs it that way.

ARG NODE_VERSION=20.20.2
ARG NPM_VERSION=11.19.1

# Builds the web app (vite) and the server bundle (esbuild), as `npm run build` does anywhere.
FROM node:${NODE_VERSION}-bookworm AS build
ARG NPM_VERSION
WORKDIR /src
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION}
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The server workspace's production dependencies only (no web, test or build tools), where the
# lockfile puts them: most at the root, a few under apps/server. The workspace links go: the
# bundle includes @vigil/domain, and the image has no sources.
FROM node:${NODE_VERSION}-bookworm AS deps
ARG NPM_VERSION
WORKDIR /src
RUN npm install --global --no-audit --no-fund npm@${NPM_VERSION}
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/domain/package.json packages/domain/
RUN npm ci --omit=dev --workspace @vigil/server --no-audit --no-fund \
 && rm -rf node_modules/@vigil \
 && mkdir -p apps/server/node_modules

FROM node:${NODE_VERSION}-bookworm-slim
# tini reaps the processes that checks and playbooks start; git, ping and the CA bundle are
# programs that check types run (script checkouts, icmp, https to private CAs).
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates git iputils-ping tini \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /var/lib/vigil \
 && chown 1000:1000 /var/lib/vigil
ENV NODE_ENV=production \
    PORT=8080 \
    VIGIL_DATA_DIR=/var/lib/vigil
WORKDIR /app
COPY --from=deps /src/node_modules ./node_modules
COPY --from=deps /src/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /src/package.json ./
COPY --from=build /src/apps/server/package.json ./apps/server/
COPY --from=build /src/apps/server/dist ./apps/server/dist
COPY --from=build /src/apps/server/src/migrations ./apps/server/src/migrations
COPY --from=build /src/apps/web/dist ./apps/web/dist
# The embedded PostgreSQL and generated secret key live here when DATABASE_URL and
# VIGIL_SECRET_KEY are not given (a quick try, or an agent's durable outbox).
VOLUME ["/var/lib/vigil"]
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--", "node", "--max-semi-space-size=4", "--no-parallel-scavenge", "apps/server/dist/main.js"]
CMD ["serve"]
