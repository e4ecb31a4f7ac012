# SolBack's image (docs/OPERATIONS.md, "Container"). Two stages: the first installs everything, builds the page and
# compiles the server; the second keeps only what the server runs (production dependencies, dist/server, the page).
#
# Runs as the unprivileged `node` user, with Node itself as PID 1: backend/main.ts handles SIGTERM and SIGINT (the
# graceful drain) and starts no child processes, so no init such as tini is needed to pass signals or reap children.
# The root filesystem can be read-only (`docker run --read-only --tmpfs /tmp`, compose.yaml's `read_only: true`):
# the server writes only to DATA_DIR (/data, a volume). It runs compiled JavaScript (dist/server, `npm run build:server`):
# no TypeScript tooling ships in the image.
#
# NODE_IMAGE: any Debian-based image with Node 20+ at /usr/local/bin/node or /usr/bin/node and a `node` user.
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts ./scripts
# postinstall fetches the local chain's stand-in program from the npm registry (scripts/fetch-programs.js).
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.server.json webpack.config.ts webpack.firstView.ts ./
COPY webpack-stubs ./webpack-stubs
COPY src ./src
COPY backend ./backend
COPY static ./static
RUN npm run build \
 && npm run build:server \
 && npm prune --omit=dev --no-audit --no-fund \
 && node scripts/fetch-programs.js

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_LEVEL=info
WORKDIR /app
# Owned by root and not writable by the server's user: only /data is.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/static ./static
COPY --from=build /app/dist/server ./dist/server
RUN mkdir -p /data && chown node:node /data && chmod 0700 /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Alive only (GET /healthz never touches the upstream): a slow provider must not get the container restarted.
# Readiness (GET /readyz) is for the load balancer, which stops sending users to a process that is not ready.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "dist/server/backend/main.js"]
