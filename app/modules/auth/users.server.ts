import type { User } from "~/generated/prisma/client";
import { Refusal } from "~/server/refusal";
import { isAdministrator } from "./roles";
import { prisma } from "~/server/db.server";
import { endOtherSessions } from "./devices.server";
import { dummyPasswordHash, hashPassword, hasPassword, verifyPassword } from "./password.server";
import { validate } from "~/server/validation";
import {
  registerSchema,
  type LoginInput,
  type PasswordChangeInput,
  type ProfileInput,
  type RegisterInput,
} from "./schemas";
import { isDatabaseRefusal } from "~/server/db-errors";

/** What the client sees of a user (GET /api/user, login, register). */
export function publicUser(
  user: Pick<
    User,
    "id" | "username" | "email" | "firstName" | "lastName" | "role" | "occupation" | "language" | "createdAt"
  >,
) {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    isAdmin: isAdministrator(user),
    occupation: user.occupation,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

/** A username as it is stored, the same as the schemas make it (app/modules/auth/schemas.ts): NFC, trimmed, lower-cased. */
export const normaliseUsername = (username: string) => username.normalize("NFC").trim().toLowerCase().normalize("NFC");

/** Creates an account; 409 AUTH_USERNAME_EXISTS or AUTH_EMAIL_EXISTS when taken. */
export async function registerUser(input: RegisterInput, language = "en") {
  const username = normaliseUsername(input.username);
  const email = input.email ? input.email.trim().toLowerCase() : null;
  const [byUsername, byEmail] = await Promise.all([
    prisma.user.findUnique({ where: { username }, select: { id: true } }),
    email ? prisma.user.findUnique({ where: { email }, select: { id: true } }) : null,
  ]);
  if (byUsername)
    throw new Refusal("AUTH_USERNAME_EXISTS", "auth.errors.usernameExists", {
      fields: { username: ["auth.errors.usernameExists"] },
    });
  if (byEmail)
    throw new Refusal("AUTH_EMAIL_EXISTS", "auth.errors.emailExists", {
      fields: { email: ["auth.errors.emailExists"] },
    });
  try {
    return await prisma.user.create({
      data: {
        username,
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        occupation: input.occupation ?? null,
        passwordHash: await hashPassword(input.password),
        language,
      },
    });
  } catch (error) {
    // Two registrations racing for the same name: the database decides.
    if (isDatabaseRefusal(error, "P2002")) {
      const target = JSON.stringify(error.meta ?? {});
      if (target.includes("email"))
        throw new Refusal("AUTH_EMAIL_EXISTS", "auth.errors.emailExists", {
          fields: { email: ["auth.errors.emailExists"] },
        });
      throw new Refusal("AUTH_USERNAME_EXISTS", "auth.errors.usernameExists", {
        fields: { username: ["auth.errors.usernameExists"] },
      });
    }
    throw error;
  }
}

/**
 * The user for a username and password, or null. An unknown username costs a
 * password check too, so the answer time does not tell which names exist.
 */
export async function verifyLogin({ username, password }: LoginInput) {
  const user = await prisma.user.findUnique({ where: { username: normaliseUsername(username) } });
  if (!user) {
    await verifyPassword(password, await dummyPasswordHash());
    return null;
  }
  return (await verifyPassword(password, user.passwordHash)) ? user : null;
}

/** Changes name, e-mail and what the person says they are (blank: not said); 409 AUTH_EMAIL_EXISTS when another account has the e-mail. */
export async function updateProfile(userId: string, input: ProfileInput) {
  const email = input.email ? input.email.trim().toLowerCase() : null;
  if (email) {
    const owner = await prisma.user.findUnique({ where: { email }, select: { id: true } });
    if (owner && owner.id !== userId) {
      throw new Refusal("AUTH_EMAIL_EXISTS", "auth.errors.emailExists", {
        fields: { email: ["auth.errors.emailExists"] },
      });
    }
  }
  try {
    return await prisma.user.update({
      where: { id: userId },
      data: {
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        email,
        occupation: input.occupation ?? null,
      },
    });
  } catch (error) {
    if (isDatabaseRefusal(error, "P2002")) {
      throw new Refusal("AUTH_EMAIL_EXISTS", "auth.errors.emailExists", {
        fields: { email: ["auth.errors.emailExists"] },
      });
    }
    throw error;
  }
}

/**
 * Changes the password after checking the current one (an account without one yet chooses its
 * first without), ends every other session
 * of the account and forgets every other browser (a changed password locks out
 * whoever had the old one, and their browser's allowance of guesses with it).
 */
export async function changePassword(
  userId: string,
  keepSessionId: string | null,
  input: Pick<PasswordChangeInput, "newPassword"> & { currentPassword?: string },
) {
  const user = await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { passwordHash: true } });
  // An account made on a basic phone has none to give yet: it signed in with a code to its phone.
  if (hasPassword(user.passwordHash) && !(await verifyPassword(input.currentPassword ?? "", user.passwordHash))) {
    throw new Refusal("SEC_INVALID_TOKEN", "auth.errors.currentPasswordWrong", {
      fields: { currentPassword: ["auth.errors.currentPasswordWrong"] },
    });
  }
  const passwordHash = await hashPassword(input.newPassword);
  await prisma.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await endOtherSessions(userId, keepSessionId, tx);
  });
}

/**
 * The user's verified phone (E.164), or null: the number listings may offer buyers. A number not yet
 * confirmed by its code is no one's to show (Profile reads the whole state from phones/verification).
 */
export async function readPhone(userId: string) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { phone: true, phoneVerifiedAt: true } });
  return user?.phoneVerifiedAt ? user.phone : null;
}

/**
 * An account an operator makes on the command line (npm run user:create), checked as a
 * registration is (400 VLD_*, 409 AUTH_USERNAME_EXISTS / AUTH_EMAIL_EXISTS), with the role asked
 * for: how a real deployment gets its first administrator.
 */
export async function createAccount(input: unknown, role: "USER" | "ADMIN") {
  const user = await registerUser(validate(registerSchema, input));
  if (role === "USER") return user;
  return prisma.user.update({ where: { id: user.id }, data: { role } });
}

/** Gives a user the administrator role (or takes it back); used by `npm run user:role`. */
export async function setUserRole(username: string, role: "USER" | "ADMIN") {
  const user = await prisma.user.findUnique({ where: { username: normaliseUsername(username) }, select: { id: true } });
  if (!user) return null;
  return prisma.user.update({ where: { id: user.id }, data: { role }, select: { username: true, role: true } });
}

/** Whether the account has a password (one made on a basic phone has none until it chooses one). */
export async function accountHasPassword(userId: string) {
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  return user ? hasPassword(user.passwordHash) : true;
}
