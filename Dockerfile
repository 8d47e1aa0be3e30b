# The storefront in production: `docker build -t storefront .`, then run the same image anywhere with that
# environment's settings (docs/configuration-runtime.md: the server hands them to the page). test/release/prodInstall.test.ts
# runs the run stage's steps below as they are written.

# Build: every devDependency, the client into dist/client/, the server and the libraries it imports bundled into dist/server/.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The pinned Node's package (a devDependency), which npm installs only on Linux x64.
COPY tools/pinned-node tools/pinned-node
RUN npm ci --no-audit --no-fund
COPY . .
# Only the release id and commit name the build (the image has no .git: pass --build-arg BUILD_COMMIT=$(git rev-parse HEAD));
# every other setting is the running server's (one image for staging and production).
ARG BUILD_ID
ARG BUILD_COMMIT
RUN VITE_LAB=false npm run build

# Run: only `dependencies` (the embedded database, for a demo without DATABASE_URL) and the build; the server writes nothing to its own folder.
FROM node:24-slim
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/dist ./dist
USER node
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "dist/server/main.js"]
