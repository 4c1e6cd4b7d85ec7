import { describe, expect, it } from "vitest";
import { renewalReminder, type TransferMonth } from "./reminder";

const DAY = 24 * 3600 * 1000;
const now = new Date("2026-11-27T10:00:00Z");
const month = (endsInDays: number, overrides: Partial<TransferMonth> = {}): TransferMonth => ({
  method: "transfer",
  status: "active",
  currentPeriodEnd: new Date(now.getTime() + endsInDays * DAY),
  ...overrides,
});

describe("renewalReminder", () => {
  it("says nothing while more than three days are left", () => {
    expect(renewalReminder([month(3.5)], now)).toBeNull();
    expect(renewalReminder([month(29)], now)).toBeNull();
  });

  it("reminds from three days before the end to the last day, counting whole days left", () => {
    expect(renewalReminder([month(3)], now)).toEqual({
      kind: "ends_soon",
      endsAt: new Date(now.getTime() + 3 * DAY).toISOString(),
      daysLeft: 3,
    });
    expect(renewalReminder([month(2.2)], now)).toMatchObject({ kind: "ends_soon", daysLeft: 3 });
    expect(renewalReminder([month(0.1)], now)).toMatchObject({ kind: "ends_soon", daysLeft: 1 });
  });

  it("says the month ended for a week after it ended, then nothing", () => {
    const ended = month(-1);
    expect(renewalReminder([ended], now)).toEqual({ kind: "ended", endedAt: ended.currentPeriodEnd.toISOString() });
    expect(renewalReminder([month(0)], now)).toMatchObject({ kind: "ended" });
    expect(renewalReminder([month(-7)], now)).toMatchObject({ kind: "ended" });
    expect(renewalReminder([month(-7.01)], now)).toBeNull();
  });

  it("looks at the month that ends last: a month paid early silences the reminder", () => {
    expect(renewalReminder([month(-20), month(2), month(31)], now)).toBeNull();
    expect(renewalReminder([month(-20), month(2)], now)).toMatchObject({ kind: "ends_soon", daysLeft: 2 });
  });

  it("never reminds someone whose card renews, nor about a card or an unfinished payment", () => {
    expect(renewalReminder([month(1), month(20, { method: "card" })], now)).toBeNull();
    expect(renewalReminder([month(1, { method: "card" })], now)).toBeNull();
    expect(renewalReminder([month(1, { status: "incomplete" })], now)).toBeNull();
    expect(renewalReminder([], now)).toBeNull();
  });

  it("still reminds after a card that has ended", () => {
    expect(renewalReminder([month(1), month(-3, { method: "card", status: "canceled" })], now)).toMatchObject({
      kind: "ends_soon",
    });
  });
});
