# One image for the web process and the workers.
FROM node:20-bookworm-slim AS base
WORKDIR /app
ENV NODE_ENV=production

FROM base AS build
COPY package.json package-lock.json .npmrc ./
COPY prisma ./prisma
COPY prisma.config.ts tsconfig.json ./
COPY scripts/prisma-generate.ts scripts/patch-dependencies.ts ./scripts/
COPY app/server/entry-point.ts ./app/server/entry-point.ts
RUN npm install --include=dev
COPY . .
RUN npm run build

FROM base
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "build/node/server.js"]
