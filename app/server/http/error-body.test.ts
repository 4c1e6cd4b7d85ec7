import { describe, expect, it } from "vitest";
import { apiErrorBody } from "./error-body";

describe("apiErrorBody", () => {
  it("puts the message at the top and in the error, beside the catalogue's code", () => {
    expect(apiErrorBody("SEC_MALICIOUS_REQUEST", "The address is not valid.")).toEqual({
      success: false,
      message: "The address is not valid.",
      error: { code: "SEC_MALICIOUS_REQUEST", message: "The address is not valid." },
    });
  });

  it("carries the fields' messages only when there are some", () => {
    expect(apiErrorBody("VLD_REQUIRED_FIELD", "Check the form.", { title: ["Required"] }).error).toEqual({
      code: "VLD_REQUIRED_FIELD",
      message: "Check the form.",
      fields: { title: ["Required"] },
    });
    expect(Object.keys(apiErrorBody("VLD_REQUIRED_FIELD", "Check the form.").error)).toEqual(["code", "message"]);
  });
});
