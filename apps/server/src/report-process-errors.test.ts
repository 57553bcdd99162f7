import { EventEmitter } from "node:events";
import type { ErrorReport, ErrorReporter } from "@camatlas/api";
import pino from "pino";
import { describe, expect, it, vi } from "vitest";
import { reportProcessErrors } from "./report-process-errors.ts";

function setUp() {
  const reports: ErrorReport[] = [];
  const reporter: ErrorReporter = {
    enabled: true,
    capture: (report) => {
      reports.push(report);
      return true;
    },
    flush: vi.fn(async () => {}),
  };
  const proc = Object.assign(new EventEmitter(), { exit: vi.fn() });
  reportProcessErrors(proc, reporter, pino({ level: "silent" }));
  return { proc, reporter, reports };
}

describe("errors outside any request", () => {
  it("reports an unhandled rejection and keeps the process running", () => {
    const { proc, reports } = setUp();
    proc.emit("unhandledRejection", new TypeError("job lost its row"));
    expect(reports).toEqual([
      expect.objectContaining({ name: "TypeError", message: "job lost its row", source: "server" }),
    ]);
    expect(proc.exit).not.toHaveBeenCalled();
  });

  it("reports an uncaught exception, sends it, then exits with 1", async () => {
    const { proc, reporter, reports } = setUp();
    proc.emit("uncaughtException", new Error("timer blew up"));
    expect(reports[0]).toMatchObject({ message: "timer blew up", source: "server" });
    await vi.waitFor(() => expect(proc.exit).toHaveBeenCalledWith(1));
    expect(reporter.flush).toHaveBeenCalled();
  });
});
