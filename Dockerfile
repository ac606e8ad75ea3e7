# Sharebin container image.
#
#   docker build -t sharebin .           (or: podman build --format docker -t sharebin .)
#   docker run -d -p 8787:8787 -v sharebin-data:/data --read-only --tmpfs /tmp sharebin
#
# Stages: `deps` installs every dependency (the toolchain builds better-sqlite3 from source when
# no prebuilt binary can be fetched), `prod-deps` only the production dependencies (the web
# app's packages are devDependencies, so they stay out), `build` builds the web app and the server
# bundle, and the final stage holds the production node_modules, the package.json files and the two
# dist folders only. Dependency layers come before the sources, so a change of code rebuilds from
# `build` on.
ARG NODE_IMAGE=node:22-bookworm-slim

FROM ${NODE_IMAGE} AS toolchain
WORKDIR /app
# The slim image has no compiler; node-gyp needs python3, make and g++ for better-sqlite3.
RUN if ! command -v python3 >/dev/null || ! command -v make >/dev/null || ! command -v g++ >/dev/null; then \
      apt-get update \
      && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends python3 make g++ \
      && rm -rf /var/lib/apt/lists/*; \
    fi
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
# SCARF_ANALYTICS: a dependency's install script would report the install (the package.json's
# `allowScripts` denies it on npm versions that read that field).
ENV SCARF_ANALYTICS=false

FROM toolchain AS deps
RUN npm ci --no-audit --no-fund

# A production install of its own (`npm prune --omit=dev` on the full install keeps the web
# workspace's devDependencies).
FROM toolchain AS prod-deps
RUN npm ci --omit=dev --no-audit --no-fund

FROM deps AS build
# The sources (.dockerignore keeps node_modules, dist and data out), in one layer.
COPY . .
RUN npm run build \
    && mkdir -p /out/apps/server /out/apps/web \
    && cp -a apps/server/dist /out/apps/server/ \
    && cp -a apps/web/dist /out/apps/web/

FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    DATA_DIR=/data \
    PORT=8787
RUN mkdir -p /data && chown node:node /data
WORKDIR /app
# package.json files and node_modules (root and per workspace), then the two dist folders; owned
# by root: the app cannot change itself.
COPY --from=prod-deps /app /app
COPY --from=build /out /app
# Numeric (user `node` of the official image), so that `runAsNonRoot` checks can tell.
USER 1000:1000
VOLUME /data
EXPOSE 8787
# Ready = the database and the default storage reachable. Under a PUBLIC_URL with a path, the app (and so its
# /api) lives under that path.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const base = new URL(process.env.PUBLIC_URL || 'http://x').pathname.replace(/[/]+$/, ''); fetch(`http://127.0.0.1:${process.env.PORT || 8787}${base}/api/ready`, { signal: AbortSignal.timeout(4000) }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself is PID 1: it gets SIGTERM from `docker stop` and stops gracefully (SHUTDOWN_GRACE).
# --max-semi-space-size=8 as `npm start` gives it (README, Configuration: Memory).
CMD ["node", "--max-semi-space-size=8", "apps/server/dist/main.js"]
