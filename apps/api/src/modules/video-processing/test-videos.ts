import path from "node:path";
import { runTool } from "./video-tools.ts";

// Tiny videos generated on the spot with ffmpeg's test sources (no video file is ever committed): for tests and
// the transcode benchmark.

export interface TestVideoOptions {
  seconds: number;
  width?: number;
  height?: number;
  rate?: number;
  /** A sine tone as the audio track. */
  audio?: boolean;
  /** Degrees a player must turn the picture (a phone's portrait video), written as the container's matrix. */
  rotate?: number;
  /** mp4 (H.264), mov, webm (VP8) or mkv; `mka` is audio only (Matroska), for the no-picture case. */
  format?: "mp4" | "mov" | "webm" | "mkv" | "mka";
}

export async function makeTestVideo(
  folder: string,
  name: string,
  options: TestVideoOptions,
): Promise<string> {
  const format = options.format ?? "mp4";
  const file = path.join(folder, `${name}.${format}`);
  const size = `${options.width ?? 160}x${options.height ?? 120}`;
  const picture =
    format === "mka" ? [] : ["-f", "lavfi", "-i", `testsrc=size=${size}:rate=${options.rate ?? 10}`];
  const audio =
    options.audio || format === "mka" ? ["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=22050"] : [];
  const codecs =
    format === "webm"
      ? ["-c:v", "libvpx", "-b:v", "200k", ...(options.audio ? ["-c:a", "libvorbis"] : [])]
      : format === "mka"
        ? ["-c:a", "flac"]
        : [
            "-c:v",
            "libx264",
            "-preset",
            "ultrafast",
            "-pix_fmt",
            "yuv420p",
            ...(options.audio ? ["-c:a", "aac"] : []),
          ];
  await runTool(
    "ffmpeg",
    ["-hide_banner", "-nostdin", "-y", ...picture, ...audio, "-t", String(options.seconds), ...codecs, file],
    { timeoutMs: 120_000 },
  );
  if (options.rotate) {
    // ffmpeg 5 writes the display matrix only when copying streams.
    const turned = path.join(folder, `${name}-turned.${format}`);
    await runTool(
      "ffmpeg",
      [
        "-hide_banner",
        "-nostdin",
        "-y",
        "-i",
        file,
        "-c",
        "copy",
        "-metadata:s:v:0",
        `rotate=${options.rotate}`,
        turned,
      ],
      { timeoutMs: 60_000 },
    );
    return turned;
  }
  return file;
}
