import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSnackbarStore } from "./snackbar-store.ts";

describe("snackbar store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows a message for exactly 6000 ms by default", () => {
    const store = createSnackbarStore();
    store.show("Oops! Something went wrong: Server is broken.");
    expect(store.current()).toMatchObject({
      text: "Oops! Something went wrong: Server is broken.",
      tone: "error",
    });
    vi.advanceTimersByTime(5999);
    expect(store.current()).not.toBeNull();
    vi.advanceTimersByTime(1);
    expect(store.current()).toBeNull();
  });

  it("closes on demand and notifies subscribers", () => {
    const store = createSnackbarStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.show("Settings successfully saved.", "success");
    store.close();
    expect(store.current()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show("again");
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("gives a replacing message its own full lifetime", () => {
    const store = createSnackbarStore(1000);
    store.show("first");
    vi.advanceTimersByTime(800);
    store.show("second");
    vi.advanceTimersByTime(800);
    expect(store.current()?.text).toBe("second");
    vi.advanceTimersByTime(200);
    expect(store.current()).toBeNull();
  });
});
