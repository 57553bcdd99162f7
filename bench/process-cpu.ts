import { readFileSync } from "node:fs";

/** Linux USER_HZ: the unit of the CPU times in /proc/<pid>/stat. */
const CLOCK_TICKS_PER_SECOND = 100;

/**
 * User + system CPU time of a process so far, in ms, from /proc (Linux, same machine only); with `children`, also
 * that of its children already reaped (a PostgreSQL server's exited backends). Null when it cannot be read.
 */
export function processCpuMs(pid: number, options: { children?: boolean } = {}): number | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // Fields after the command name (which may hold spaces): utime, stime, cutime, cstime are the 12th to 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  let ticks = Number(fields[11]) + Number(fields[12]);
  if (options.children) ticks += Number(fields[13]) + Number(fields[14]);
  return Number.isFinite(ticks) ? (ticks * 1000) / CLOCK_TICKS_PER_SECOND : null;
}

/** The command name of a process (`postgres`, `node`…), or null when it is gone. */
export function processName(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  } catch {
    return null;
  }
}
