# Multi-stage: build with dev dependencies, run with production dependencies only, as non-root.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production PORT=3000
# pg_dump/pg_restore for the backups (docs/decisions/backups.md): the client must be at least the
# server's major version (PostgreSQL 15; a newer server needs a newer client, or PG_BIN_DIR).
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/build ./build
COPY --from=build /app/public ./public
# The server entry, models, migrations and worker run from source through tsx.
COPY app ./app
COPY db ./db
COPY jobs ./jobs
USER node
EXPOSE 3000
CMD ["npm", "start"]
