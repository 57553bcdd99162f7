import { describe, expect, it, vi } from "vitest";
import { createReportLimiter, describeError, installErrorReporting, isIgnored } from "./error-reporting.ts";

function fakeWindow() {
  const target = new EventTarget() as EventTarget & { location: { href: string } };
  target.location = { href: "https://camatlas.example/models" };
  return target;
}

function errorEvent(error: unknown) {
  return Object.assign(new Event("error"), { error, message: String(error) });
}

describe("browser error reporting", () => {
  it("sends uncaught errors and unhandled rejections with the page address", () => {
    const target = fakeWindow();
    const send = vi.fn();
    const remove = installErrorReporting(target as never, send, () => 0);
    target.dispatchEvent(errorEvent(new TypeError("x is undefined")));
    target.dispatchEvent(Object.assign(new Event("unhandledrejection"), { reason: "nope" }));
    expect(send.mock.calls.map(([report]) => [report.name, report.message, report.url])).toEqual([
      ["TypeError", "x is undefined", "https://camatlas.example/models"],
      ["Error", "nope", "https://camatlas.example/models"],
    ]);
    remove();
    target.dispatchEvent(errorEvent(new Error("after")));
    expect(send).toHaveBeenCalledTimes(2);
  });

  it("ignores the three spec messages", () => {
    expect(isIgnored("ChunkLoadError: Loading chunk 7 failed")).toBe(true);
    expect(isIgnored("logMutedMessage")).toBe(true);
    expect(isIgnored(describeError({ some: "object" }).message)).toBe(true);
    const chunk = Object.assign(new Error("Loading chunk 7 failed"), { name: "ChunkLoadError" });
    const send = vi.fn();
    const target = fakeWindow();
    installErrorReporting(target as never, send, () => 0);
    target.dispatchEvent(errorEvent(chunk));
    expect(send).not.toHaveBeenCalled();
    expect(isIgnored("TypeError: boom")).toBe(false);
  });

  it("reports the same message once per 60 s and at most 30 reports per window", () => {
    const allow = createReportLimiter();
    expect(allow("a", 0)).toBe(true);
    expect(allow("a", 59_999)).toBe(false);
    expect(allow("a", 60_000)).toBe(true);
    const burst = createReportLimiter();
    const results = Array.from({ length: 40 }, (_, i) => burst(`m${i}`, 1000));
    expect(results.filter(Boolean)).toHaveLength(30);
    expect(burst("late", 61_001)).toBe(true);
  });
});
