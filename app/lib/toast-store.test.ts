import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, removeToast, toast, TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "./toast-store";

afterEach(() => {
  removeToast();
  vi.useRealTimers();
});

describe("toast store", () => {
  it("shows one toast at a time, the newest", () => {
    expect(TOAST_LIMIT).toBe(1);
    toast({ title: "First" });
    toast({ title: "Second", variant: "destructive" });
    expect(getToasts()).toHaveLength(1);
    expect(getToasts()[0]).toMatchObject({ title: "Second", variant: "destructive", open: true });
  });

  it("updates a toast in place", () => {
    const shown = toast({ title: "Saving" });
    shown.update({ title: "Saved" });
    expect(getToasts()[0]?.title).toBe("Saved");
  });

  it("closes a dismissed toast at once and removes it after 1,000,000 ms", () => {
    vi.useFakeTimers();
    const shown = toast({ title: "Bye" });
    shown.dismiss();
    expect(getToasts()[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });

  it("dismisses every toast when no id is given", () => {
    toast({ title: "One" });
    dismissToast();
    expect(getToasts().every((item) => !item.open)).toBe(true);
  });
});
