# The whole panel in one image: gateway on the embedded database plus the BFF serving the web app.
# NODE_IMAGE: Node.js 20 on Debian bookworm (a mirror's copy, or deploy/replicas/offline-images.sh's stand-in).
ARG NODE_IMAGE=node:20-bookworm-slim
FROM ${NODE_IMAGE} AS build
WORKDIR /app
RUN npm install -g pnpm@10.34.9
COPY pnpm-lock.yaml pnpm-workspace.yaml package.json ./
COPY apps/web/package.json apps/web/
COPY apps/bff/package.json apps/bff/
COPY apps/gateway/package.json apps/gateway/
COPY packages/contracts/package.json packages/contracts/
COPY packages/ui/package.json packages/ui/
COPY packages/client/package.json packages/client/
COPY packages/observability/package.json packages/observability/
COPY examples/package.json examples/
COPY tests/package.json tests/
COPY bench/package.json bench/
COPY scripts/typescript-native/package.json scripts/typescript-native/
RUN pnpm install --frozen-lockfile
COPY . .
RUN pnpm --filter @panel/web build

FROM ${NODE_IMAGE}
WORKDIR /app
ENV NODE_ENV=production BFF_HOST=0.0.0.0 BFF_PORT=4000
RUN npm install -g pnpm@10.34.9
COPY --from=build /app /app
EXPOSE 4000
# Ready while the BFF's gateway and that gateway's database answer (decision 121).
HEALTHCHECK --interval=15s --timeout=5s --start-period=180s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.BFF_PORT || 4000) + '/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
VOLUME /app/.data
CMD ["node", "scripts/start.mjs", "--skip-install", "--skip-build"]
