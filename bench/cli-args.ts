// Command-line checks the benchmarks (run-bench.ts, load.ts) share: a bad option ends the run before the site starts.

/** The option's value as a whole number of at least 1, or the run ends with a message naming the option. */
export function positiveInt(name: string, value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) fail(`--${name} must be a positive whole number`);
  return n;
}

/** Prints the message and ends the run with exit code 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
