# syntax=docker/dockerfile:1
# Bingkai: app + API on one port, the built client served by the app (or by a CDN in front of it; docs/DEPLOY.md).
# Stages: deps (npm ci) → build (npm run build: assets + client) → prod-deps (runtime packages only) → runtime.
# server/deploy.test.ts checks this file against package.json and the README: change them together.

ARG NODE_IMAGE=node:20-bookworm-slim

# Every package, from the lockfile, as CI installs them (.ci/run). The README asks for npm 11.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The client and its generated assets (MediaPipe models and wasm, the frame-analysis kernel, preview samples),
# with the .br/.gz copies the server sends. Nothing is downloaded: the assets come from npm packages.
FROM deps AS build
COPY . .
RUN npm run build

# Runtime packages only. The server is TypeScript run by tsx, a devDependency: it and its one dependency (esbuild
# with its platform binary) are copied in from the full install, so the versions are the lockfile's.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
RUN npm install -g npm@11 --no-audit --no-fund
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY --from=deps /app/node_modules/tsx node_modules/tsx
COPY --from=deps /app/node_modules/esbuild node_modules/esbuild
COPY --from=deps /app/node_modules/@esbuild node_modules/@esbuild

# No Debian packages beyond the base image: sharp, @node-rs/argon2 and PGlite ship their own binaries or wasm,
# Node carries its own CA certificates, and Chromium is for the tests only.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    DIST_DIR=/app/dist
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY package.json package-lock.json tsconfig.json tsconfig.base.json tsconfig.server.json ./
COPY contract contract
COPY core core
COPY server server
COPY locales locales
# The articles (docs/CONTENT.md), read and checked at start; their covers are in the built client.
COPY content content
# Last, so the client is newer than every source beside it.
COPY --from=build /app/dist dist
# DATA_DIR: generated secrets, outgoing .eml mail without SMTP_URL, local files without STORAGE_URL, PGlite
# without DATABASE_URL. The image's files stay root-owned and read-only to the app.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Liveness; an orchestrator's readiness probe uses /api/ready (docs/DEPLOY.md).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs after its asset step (done above at build time), without its demo seed: migrate, then
# serve; SIGTERM drains in-flight requests and jobs and closes the pools (server/lifecycle.ts).
CMD ["node", "--import", "tsx", "server/main.ts"]
