import { describe, expect, it } from "vitest";
import { jobPayloadSchemas } from "~/jobs/queues";
import { deleteAccountSchema } from "./schemas";

describe("the deletion form", () => {
  it("takes the password as typed, spaces and all", () => {
    expect(deleteAccountSchema.parse({ password: " secret " })).toEqual({ password: " secret " });
  });

  it("refuses a missing, empty or unstorable password with its message", () => {
    for (const input of [{}, { password: "" }, { password: 42 }]) {
      const result = deleteAccountSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe("accountData.delete.passwordRequired");
    }
    expect(deleteAccountSchema.safeParse({ password: "a\u0000b" }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ password: "x".repeat(1025) }).success).toBe(false);
  });
});

describe("the export job's payload", () => {
  it("names the copy to make; a scheduled task needs none", () => {
    const maintenance = jobPayloadSchemas.maintenance;
    expect(maintenance.safeParse({ task: "account-export", exportId: "cm123" }).success).toBe(true);
    expect(maintenance.safeParse({ task: "account-export" }).success).toBe(false);
    expect(maintenance.safeParse({ task: "delete-expired-exports" }).success).toBe(true);
  });
});
