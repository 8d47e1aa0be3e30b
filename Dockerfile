# The storefront in production: `docker build --build-arg API_KEY=… -t storefront .`, then run it with the
# environment of docs/operations.md "Running in production" (API_KEY the same as at build time). test/release/prodInstall.test.ts
# runs the run stage's steps below as they are written.

# Build: every devDependency, the client into dist/client/, the server and the libraries it imports bundled into dist/server/.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The pinned Node's package (a devDependency), which npm installs only on Linux x64.
COPY tools/pinned-node tools/pinned-node
RUN npm ci --no-audit --no-fund
COPY . .
# The client is built with these (they are public: they end up in the browser's code); unset ones keep their defaults.
ARG API_KEY
ARG VITE_GOOGLE_PAY
ARG VITE_GOOGLE_PAY_MERCHANT_NAME
ARG VITE_GOOGLE_PAY_GATEWAY_MERCHANT_ID
ARG VITE_GOOGLE_MAPS_KEY
ARG VITE_I18N_HOST
ARG BUILD_ID
RUN test -n "$API_KEY" || { echo 'build with --build-arg API_KEY=<your application key>' >&2; exit 1; }
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
