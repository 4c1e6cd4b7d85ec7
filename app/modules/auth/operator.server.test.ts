import { describe, expect, it } from "vitest";
import { checkOperatorToken } from "./operator.server";

describe("checkOperatorToken", () => {
  const expected = "a-long-operator-token-123";

  it("grants the configured token only", () => {
    expect(checkOperatorToken(expected, expected)).toBe("granted");
    expect(checkOperatorToken(`${expected}x`, expected)).toBe("wrong");
    expect(checkOperatorToken("a", expected)).toBe("wrong");
  });

  it("tells a missing token from a wrong one", () => {
    expect(checkOperatorToken(undefined, expected)).toBe("missing");
    expect(checkOperatorToken("", expected)).toBe("missing");
  });

  it("keeps the dashboard closed when no token is configured", () => {
    expect(checkOperatorToken("anything", undefined)).toBe("disabled");
  });
});
