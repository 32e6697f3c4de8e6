# The console's server image (README "Run in production"). Two stages: the build stage has the whole
# toolchain and builds the web app and the server bundle once; the image that runs holds only the
# server's runtime dependencies, the two builds and the database files read at run time.

FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY docs/package.json docs/
RUN npm ci --workspace @acs/shared --workspace @acs/server --workspace @acs/web
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY docs/package.json docs/
RUN npm ci --omit=dev --workspace @acs/server && npm cache clean --force
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# Migrations (every start), the prepared embedded database and the seed sources it is checked against.
COPY apps/server/src/db/migrations apps/server/src/db/migrations
COPY apps/server/src/db/prepared apps/server/src/db/prepared
COPY apps/server/src/db/seed apps/server/src/db/seed
# Owned by the app user, so volumes mounted here (data, data/uploads) start writable.
RUN mkdir -p data/uploads && chown -R node:node data
USER node
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080
VOLUME /app/data
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}${process.env.API_PREFIX ?? '/prod-api'}/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
