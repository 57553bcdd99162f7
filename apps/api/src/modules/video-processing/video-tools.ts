import { spawn } from "node:child_process";
import { setPriority } from "node:os";

// ffmpeg and ffprobe run as child processes (Debian's packages, decision 0022). A site without them still starts:
// video uploads answer 503 with a clear text, the worker leaves video jobs queued, nothing else changes.

export interface VideoTools {
  ffmpeg: string;
  ffprobe: string;
}

export class VideoToolError extends Error {
  override name = "VideoToolError";
  /** The tool's last lines of stderr (ffmpeg names the broken part there). */
  readonly stderr: string;
  constructor(message: string, stderr = "") {
    super(message);
    this.stderr = stderr;
  }
}

/** Keeps the tail of a stream's text: ffmpeg may print megabytes, only the last lines say what failed. */
function tailCollector(limit = 8192) {
  let text = "";
  return {
    push(chunk: Buffer) {
      text = (text + chunk.toString("utf8")).slice(-limit);
    },
    get text() {
      return text;
    },
  };
}

/**
 * Runs a tool with arguments (no shell), resolving with its stdout; rejects with the stderr's tail when it exits
 * non-zero, cannot start, or runs past `timeoutMs` (then it is killed). `signal` stops it early (worker shutdown).
 */
export function runTool(
  command: string,
  args: string[],
  options: { timeoutMs: number; signal?: AbortSignal; maxStdoutBytes?: number; lowPriority?: boolean },
): Promise<string> {
  if (options.signal?.aborted) return Promise.reject(new VideoToolError(`${command} stopped`));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    // A transcode yields the CPU to the site's requests.
    if (options.lowPriority && child.pid) {
      try {
        setPriority(child.pid, 10);
      } catch {}
    }
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const stderr = tailCollector();
    const maxStdout = options.maxStdoutBytes ?? 1024 * 1024;
    let settled = false;
    const finish = (error: Error | null, value = "") => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (error) reject(error);
      else resolve(value);
    };
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      finish(new VideoToolError(`${command} ran past ${options.timeoutMs} ms`, stderr.text));
    }, options.timeoutMs);
    const onAbort = () => {
      child.kill("SIGKILL");
      finish(new VideoToolError(`${command} stopped`, stderr.text));
    };
    options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk: Buffer) => {
      stdoutBytes += chunk.byteLength;
      if (stdoutBytes <= maxStdout) stdout.push(chunk);
    });
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", (error) => finish(new VideoToolError(`${command} cannot run: ${error.message}`)));
    child.on("close", (code) => {
      if (code === 0) finish(null, Buffer.concat(stdout).toString("utf8"));
      else finish(new VideoToolError(`${command} exited with ${code}`, stderr.text));
    });
  });
}

const availability = new Map<string, Promise<boolean>>();

/** Whether both tools start (checked once per pair of paths; `-version` takes a few milliseconds). */
export function videoToolsAvailable(tools: VideoTools): Promise<boolean> {
  const key = `${tools.ffmpeg}\0${tools.ffprobe}`;
  let known = availability.get(key);
  if (!known) {
    known = Promise.all([
      runTool(tools.ffmpeg, ["-hide_banner", "-version"], { timeoutMs: 10_000 }),
      runTool(tools.ffprobe, ["-hide_banner", "-version"], { timeoutMs: 10_000 }),
    ]).then(
      () => true,
      () => false,
    );
    availability.set(key, known);
  }
  return known;
}

/** The tools a deps' env names (FFMPEG_PATH, FFPROBE_PATH; on PATH by default). */
export function videoToolsOf(env: { FFMPEG_PATH: string; FFPROBE_PATH: string }): VideoTools {
  return { ffmpeg: env.FFMPEG_PATH, ffprobe: env.FFPROBE_PATH };
}
