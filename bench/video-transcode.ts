import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { transcodeVideo } from "@camatlas/api";
import { positiveInt } from "./cli-args.ts";

// Time of one video job's transcode (what the worker runs per upload: probe, H.264/AAC MP4 with faststart, poster
// frame as webp with its BlurHash) on a clip made here: `--seconds` of 1280×720 at 30 fps with a tone, H.264 as a
// phone would send it. `--noise` adds moving grain over ffmpeg's test picture, closer to a camera's footage (the
// plain test picture compresses far better than real video). Prints wall time, speed versus real time, sizes.
// Usage: npm run video-transcode -w @camatlas/bench -- [--seconds 60] [--noise] [--runs 1]

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string", default: "60" },
    runs: { type: "string", default: "1" },
    noise: { type: "boolean", default: false },
  },
});
const seconds = positiveInt("seconds", args.seconds);
const runs = positiveInt("runs", args.runs);
const tools = { ffmpeg: process.env.FFMPEG_PATH ?? "ffmpeg", ffprobe: process.env.FFPROBE_PATH ?? "ffprobe" };

const folder = mkdtempSync(path.join(tmpdir(), "camatlas-transcode-bench-"));
try {
  const input = path.join(folder, "input.mp4");
  const made = performance.now();
  execFileSync(
    tools.ffmpeg,
    [
      "-hide_banner",
      "-nostdin",
      "-y",
      "-f",
      "lavfi",
      "-i",
      "testsrc2=size=1280x720:rate=30",
      "-f",
      "lavfi",
      "-i",
      "sine=frequency=440:sample_rate=48000",
      "-t",
      String(seconds),
      ...(args.noise ? ["-vf", "noise=alls=25:allf=t+u"] : []),
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-b:v",
      "8M",
      "-pix_fmt",
      "yuv420p",
      "-c:a",
      "aac",
      input,
    ],
    { stdio: "ignore" },
  );
  console.log(
    `input: ${seconds} s 1280x720 30 fps${args.noise ? " with grain" : ""}, ${(statSync(input).size / 1e6).toFixed(1)} MB (made in ${((performance.now() - made) / 1000).toFixed(1)} s)`,
  );
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}`);
  for (let run = 1; run <= runs; run++) {
    const out = mkdtempSync(path.join(folder, "out-"));
    const started = performance.now();
    const result = await transcodeVideo(tools, input, out);
    const wall = (performance.now() - started) / 1000;
    console.log(
      `run ${run}: ${wall.toFixed(1)} s wall (${(seconds / wall).toFixed(2)}× real time), ` +
        `output ${result.width}x${result.height} ${(result.size / 1e6).toFixed(1)} MB, poster blurhash ${result.blurhash ? "yes" : "no"}`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
