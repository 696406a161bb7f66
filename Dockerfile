# syntax=docker/dockerfile:1
# Three stages: dependencies (with the compiler better-sqlite3 may need), build, slim runtime.
#   docker build -t prontivo-site .
#   docker run -p 3000:3000 -e EDITOR_KEYS="Maria Souza:uma-chave-bem-longa" \
#     -e DPO_NAME="Helena Prado" -e DPO_EMAIL=encarregado@prontivo.com.br \
#     -e COMPANY_ADDRESS="Av. Paulista, 1000, Bela Vista, São Paulo - SP, 01310-100" \
#     -e SITE_URL=https://www.prontivo.com.br -v prontivo-data:/app/data prontivo-site
# Production refuses to start without EDITOR_KEYS, DPO_NAME and DPO_EMAIL; the README lists every variable.

FROM node:20-bookworm-slim AS deps
WORKDIR /app
# better-sqlite3 is a native addon: without a prebuilt binary for this platform it compiles from source.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
# Install scripts are skipped (vnu-jar's would download a Java runtime for a test-only tool); the one
# native addon that needs its script, better-sqlite3, is then built on its own. sharp needs none: its
# libvips binaries come as platform packages (@img/sharp-linux-x64, ...) among its optional dependencies.
# test/system/container-runtime.test.ts repeats these steps without Docker.
RUN npm ci --ignore-scripts --no-audit --no-fund && npm rebuild better-sqlite3

FROM deps AS build
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data \
    SQLITE_PATH=/app/data/site.db
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# npm run migrate / backup / restore (src/ops) start with it; dist is already there, so it builds nothing.
COPY --from=build /app/scripts/ensure-build.js ./scripts/ensure-build.js
COPY --from=build /app/seed ./seed
# The font of the generated share images: the slim image has none, and none is ever downloaded.
COPY --from=build /app/fonts ./fonts
# The embedded database and the pages re-rendered for a run-time SITE_URL/APP_URL live in data/.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist/server/server.js"]
