import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/server/db.server";
import { apiClient } from "../tests/support/api-client";
import { serveForTests } from "../tests/support/web";

// npm run user:create: a real deployment's first administrator (there are no demo accounts
// outside demo mode), with a generated password printed once; it signs in with it.

const web = serveForTests();
const call = apiClient(() => web.baseUrl);
const root = path.join(import.meta.dirname, "..");
const made: string[] = [];

afterAll(async () => {
  await prisma.user.deleteMany({ where: { username: { in: made } } });
});

/** Runs the command as an operator would, on this run's database; never throws. */
async function userCreate(...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/user-create.ts", ...args],
      { cwd: root, env: process.env },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const newUsername = (prefix: string) => {
  const username = `${prefix}_${randomBytes(4).toString("hex")}`;
  made.push(username);
  return username;
};

const signIn = (username: string, password: string) => call("POST", "/api/login", { username, password });

describe("npm run user:create", () => {
  it("--admin makes an administrator whose generated password, printed once, signs in", async () => {
    const username = newUsername("first_admin");
    const created = await userCreate("--admin", username, "--first-name", "Ngozi", "--last-name", "Adeyemi");
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Created the administrator '${username}'.`);
    expect(created.stdout).toMatch(
      /This password is shown once only: sign in at http:\/\/\S+\/auth, then change it on Profile\./,
    );
    const password = /Password: (\S+)/.exec(created.stdout)?.[1] ?? "";
    expect(password).toMatch(/^[\w-]{24}$/);

    const signedIn = await signIn(username, password);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({
      username,
      firstName: "Ngozi",
      isAdmin: true,
    });
    const check = await call("GET", "/api/admin/check", undefined, { cookie: signedIn.cookie!.split(";")[0] });
    expect(check.body).toMatchObject({ data: { hasAccess: true } });
    // Only the hash is kept.
    const stored = await prisma.user.findUniqueOrThrow({ where: { username } });
    expect(stored.passwordHash).not.toContain(password);
    expect(stored.role).toBe("ADMIN");
  });

  it("without --admin makes an ordinary account, each with a password of its own", async () => {
    const first = newUsername("farmer");
    const second = newUsername("farmer");
    const [a, b] = [await userCreate(first), await userCreate(second)];
    expect([a.code, b.code]).toEqual([0, 0]);
    expect(a.stdout).toContain(`Created the account '${first}'.`);
    const passwords = [a, b].map((run) => /Password: (\S+)/.exec(run.stdout)?.[1]);
    expect(passwords[0]).not.toBe(passwords[1]);
    const signedIn = await signIn(first, passwords[0]!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ username: first, isAdmin: false });
    expect((await signIn(second, passwords[0]!)).status).toBe(401);
  });

  it("refuses a taken username in one line, changing nothing", async () => {
    const username = newUsername("taken");
    expect((await userCreate(username)).code).toBe(0);
    const before = await prisma.user.findUniqueOrThrow({ where: { username } });

    const again = await userCreate("--admin", username);
    expect(again.code).toBe(1);
    expect(again.stdout).toBe("");
    expect(again.stderr.trim()).toBe(
      `[user:create] the username '${username}' is taken: choose another, or make that account an administrator with npm run user:role -- ${username} admin`,
    );
    expect(await prisma.user.findUniqueOrThrow({ where: { username } })).toEqual(before);
  });

  it("says what is wrong with a username it cannot take, and how it is used", async () => {
    const spaced = await userCreate("--admin", "no spaces allowed");
    expect(spaced.code).toBe(1);
    expect(spaced.stderr.trim()).toBe(
      "[user:create] username: Use letters, numbers, dots, dashes and underscores only",
    );
    const missing = await userCreate("--admin");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("usage: npm run user:create -- [--admin] <username>");
    expect(await prisma.user.count({ where: { username: "no spaces allowed" } })).toBe(0);
  });
});
