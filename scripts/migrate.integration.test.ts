import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { dropDatabase, listMigrations, migrate } from "./migrate";

const url = new URL(process.env.DATABASE_URL!);
url.pathname = `${url.pathname}_migrate`;
const scratch = url.toString();

afterAll(async () => {
  await dropDatabase(scratch);
});

describe("migrate", () => {
  it("creates the database, applies every migration once and records it as Prisma does", async () => {
    const names = listMigrations().map((migration) => migration.name);
    expect(names.length).toBeGreaterThan(0);
    expect(await migrate(scratch)).toEqual(names);
    expect(await migrate(scratch)).toEqual([]);

    const client = new pg.Client({ connectionString: scratch });
    await client.connect();
    try {
      const { rows } = await client.query(
        `SELECT migration_name, checksum, finished_at, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
      );
      expect(rows.map((row) => row.migration_name)).toEqual(names);
      const first = names[0]!;
      const sql = readFileSync(`prisma/migrations/${first}/migration.sql`);
      expect(rows[0].checksum).toBe(createHash("sha256").update(sql).digest("hex"));
      expect(rows[0].finished_at).toBeInstanceOf(Date);
      const tables = await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables.rows.map((row) => row.tablename)).toEqual(
        expect.arrayContaining(["User", "Listing", "Product", "Farm", "Plot", "Subscription", "PaymentEvent"]),
      );
    } finally {
      await client.end();
    }
  });

  it("refuses to continue after a migration failed half-way", async () => {
    const client = new pg.Client({ connectionString: scratch });
    await client.connect();
    try {
      await client.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, migration_name) VALUES ('00000000-0000-0000-0000-000000000001', 'x', '99999999_broken')`,
      );
    } finally {
      await client.end();
    }
    await expect(migrate(scratch)).rejects.toThrow(/99999999_broken failed earlier/);
  });
});
