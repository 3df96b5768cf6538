# The production image: the framework's own server (`next start`) on the build `npm run build`
# makes, as on every other host (docs/decisions/036, 043). Build it with the build-time variables:
#   docker build --build-arg SITE_URL=https://dashboard.example.com \
#     --build-arg COGNITO_USER_POOL_ID=us-east-1_Abc123 \
#     --build-arg NEXT_SERVER_ACTIONS_ENCRYPTION_KEY=... --build-arg NEXT_DEPLOYMENT_ID=... \
#     --build-arg BUILD_ID=$(git rev-parse HEAD) -t creator-dashboard .
# and run it with the production variables (README "Configuration"). Without an engine, the same
# steps are run by e2e/hosts.spec.ts through scripts/image-steps.mjs.

FROM node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
ARG SITE_URL COGNITO_USER_POOL_ID NEXT_SERVER_ACTIONS_ENCRYPTION_KEY NEXT_DEPLOYMENT_ID BUILD_ID
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOSTNAME=0.0.0.0 \
    PORT=3000 \
    NEXT_MANUAL_SIG_HANDLE=true
COPY --from=build --chown=node:node /app/package.json /app/next.config.mjs ./
COPY --from=build --chown=node:node /app/scripts/build-facts.mjs ./scripts/
COPY --from=build --chown=node:node /app/public ./public
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/.next ./.next
USER node
EXPOSE 3000
# The server itself gets the signal: not ready, then drain (docs/decisions/041). Give the container
# DRAIN_DELAY_MS + DRAIN_TIMEOUT_MS + a little (35 s by default) before it is killed.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "node_modules/next/dist/bin/next", "start"]
