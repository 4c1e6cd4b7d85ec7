// Applies prisma/migrations/*/migration.sql in order and records each in
// _prisma_migrations exactly as `prisma migrate deploy` does (same table,
// same sha256 checksum), so either tool can take over a database later.
// Used because Prisma 7's migrate engine cannot be downloaded offline.
import { createHash, randomUUID } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import pg from "pg";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const MIGRATIONS_DIR = path.join(root, "prisma/migrations");
// The same lock key Prisma takes, so this and `prisma migrate deploy` never run at once.
const ADVISORY_LOCK = 72707369;

type Log = (message: string) => void;

function databaseName(url: string) {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ""));
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(url: string, log: Log = () => {}) {
  const name = databaseName(url);
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(name)) throw new Error(`unexpected database name '${name}'`);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (found.rowCount === 0) {
      await client.query(`CREATE DATABASE "${name}"`);
      log(`created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string) {
  const name = databaseName(url);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function listMigrations(dir = MIGRATIONS_DIR) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, "migration.sql")))
    .map((entry) => {
      const sql = readFileSync(path.join(dir, entry.name, "migration.sql"));
      return { name: entry.name, sql: sql.toString("utf8"), checksum: createHash("sha256").update(sql).digest("hex") };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Applies pending migrations; answers the names it applied. */
export async function migrate(url: string, log: Log = () => {}) {
  await ensureDatabase(url, log);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query("SELECT pg_advisory_lock($1)", [ADVISORY_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const { rows } = await client.query<{
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
    }>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
    const failed = rows.find((row) => !row.finished_at && !row.rolled_back_at);
    if (failed) {
      throw new Error(`migration ${failed.migration_name} failed earlier; resolve it before applying more`);
    }
    const done = new Map(rows.filter((row) => row.finished_at).map((row) => [row.migration_name, row.checksum]));
    for (const migration of listMigrations()) {
      const recorded = done.get(migration.name);
      if (recorded) {
        if (recorded !== migration.checksum) log(`warning: ${migration.name} was edited after it was applied`);
        continue;
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())`,
          [id, migration.checksum, migration.name],
        );
        await client.query(migration.sql);
        await client.query(
          `UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
      }
      applied.push(migration.name);
      log(`applied ${migration.name}`);
    }
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [ADVISORY_LOCK]).catch(() => {});
    await client.end();
  }
  return applied;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  if (existsSync(".env") && !process.env.DATABASE_URL) process.loadEnvFile(".env");
  const url = process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/asiiko";
  migrate(url, (message) => console.log(`[migrate] ${message}`))
    .then((applied) => {
      if (applied.length === 0) console.log("[migrate] database is up to date");
    })
    .catch((error: unknown) => {
      console.error(`[migrate] ${(error as Error).message}`);
      process.exit(1);
    });
}
