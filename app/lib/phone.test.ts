import { describe, expect, it } from "vitest";
import { formatNigerianPhone, normaliseNigerianPhone, whatsappDigits } from "./phone";

describe("normaliseNigerianPhone", () => {
  it.each([
    ["0803 123 4567", "+2348031234567"],
    ["08031234567", "+2348031234567"],
    ["+2348031234567", "+2348031234567"],
    ["2348031234567", "+2348031234567"],
    ["+234 803 123 4567", "+2348031234567"],
    ["0803-123-4567", "+2348031234567"],
    ["  234-803-123-4567 ", "+2348031234567"],
    ["+234 (0) 803 123 4567", "+2348031234567"],
    ["8031234567", "+2348031234567"],
    ["803 123 4567", "+2348031234567"],
    ["0702 555 0101", "+2347025550101"],
    ["0706 555 0101", "+2347065550101"],
    ["0811 222 3333", "+2348112223333"],
    ["0903 444 5555", "+2349034445555"],
    ["0915 444 5555", "+2349154445555"],
  ])("reads %s as %s", (input, e164) => {
    expect(normaliseNigerianPhone(input)).toBe(e164);
  });

  it.each([
    "",
    "0803 123 456", // one digit short
    "0803 123 45678", // one too many
    "0713 123 4567", // 071 is no mobile prefix
    "0603 123 4567",
    "0103 123 4567", // a landline-style number
    "01 234 5678",
    "+1 803 123 4567", // another country
    "+44 7911 123456",
    "7131234567", // ten digits, but 713 is no mobile prefix
    "80312345678", // eleven digits without the trunk 0
    "0803 123 4567 ext 2",
    "0803_123_4567",
    "+234+8031234567",
    "abc",
  ])("refuses %j", (input) => {
    expect(normaliseNigerianPhone(input)).toBeNull();
  });
});

describe("formatNigerianPhone and whatsappDigits", () => {
  it("shows the national form and gives wa.me its digits", () => {
    expect(formatNigerianPhone("+2348031234567")).toBe("0803 123 4567");
    expect(whatsappDigits("+2348031234567")).toBe("2348031234567");
  });
});
