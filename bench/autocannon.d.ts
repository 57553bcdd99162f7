// The few parts of autocannon's programmatic API that run-bench.ts uses (the package ships no types).
declare module "autocannon" {
  interface Histogram {
    average: number;
    p50: number;
    p97_5: number;
    p99: number;
    total: number;
  }

  interface Result {
    requests: Histogram;
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats?: Record<string, { count: number }>;
  }

  interface Options {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    /** Request templates; `setupRequest` may change each request before it is sent (e.g. its path). */
    requests?: Array<{ setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }>;
  }

  interface Instance extends PromiseLike<Result> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): this;
  }

  export default function autocannon(options: Options): Instance;
}
