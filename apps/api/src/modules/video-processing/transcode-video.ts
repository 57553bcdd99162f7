import { readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { IMAGE_MAX_DIMENSION } from "@camatlas/shared";
import { processImage } from "../media/image-processing.ts";
import { probeVideo, type VideoProbe } from "./probe-video.ts";
import { runTool, type VideoTools } from "./video-tools.ts";

// The processed form every browser plays: H.264 (High, yuv420p) + AAC in MP4 with the index first (faststart, so
// playback and seeking start before the whole file arrives), the longest side at most 1280 px; and a poster frame
// as webp with its BlurHash (the player's placeholder).

/** Longest side of a processed video, in pixels (720p landscape, 720×1280 portrait). */
export const VIDEO_MAX_DIMENSION = 1280;

export interface TranscodedVideo {
  /** The MP4 and the poster (webp), in the job's folder. */
  video: string;
  poster: string;
  size: number;
  width: number;
  height: number;
  duration: number;
  blurhash: string | null;
}

// Longest side capped, never enlarged; then even sizes, which yuv420p needs.
const SCALE = [
  `scale=w='if(gte(iw,ih),min(${VIDEO_MAX_DIMENSION},iw),-2)':h='if(gte(iw,ih),-2,min(${VIDEO_MAX_DIMENSION},ih))'`,
  "scale=trunc(iw/2)*2:trunc(ih/2)*2",
  "setsar=1",
].join(",");

/** ffmpeg's arguments for the MP4 (exported for the benchmark and the decision note). */
export function transcodeArguments(input: string, output: string, hasAudio: boolean): string[] {
  return [
    "-hide_banner",
    "-nostdin",
    "-y",
    "-i",
    input,
    "-map",
    "0:v:0",
    ...(hasAudio ? ["-map", "0:a:0"] : []),
    "-vf",
    SCALE,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "23",
    // Capped CRF: grainy or dark phone footage cannot balloon (at most ~4 Mbit/s, 30 MB a minute).
    "-maxrate",
    "4M",
    "-bufsize",
    "8M",
    "-profile:v",
    "high",
    "-pix_fmt",
    "yuv420p",
    ...(hasAudio ? ["-c:a", "aac", "-b:a", "128k", "-ac", "2"] : []),
    "-map_metadata",
    "-1",
    "-movflags",
    "+faststart",
    "-max_muxing_queue_size",
    "1024",
    output,
  ];
}

/** Generous: a slow machine may need many times real time, but a stuck ffmpeg is stopped. */
const timeoutFor = (duration: number) => Math.max(10 * 60_000, duration * 30_000);

/** Transcodes `input` into `folder` (video.mp4, poster.webp); throws VideoToolError when ffmpeg fails. */
export async function transcodeVideo(
  tools: VideoTools,
  input: string,
  folder: string,
  options: { signal?: AbortSignal; source?: VideoProbe } = {},
): Promise<TranscodedVideo> {
  const source: VideoProbe = options.source ?? (await probeVideo(tools, input));
  const video = path.join(folder, "video.mp4");
  await runTool(tools.ffmpeg, transcodeArguments(input, video, source.hasAudio), {
    timeoutMs: timeoutFor(source.duration),
    lowPriority: true,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const output = await probeVideo(tools, video);
  const frame = path.join(folder, "poster.png");
  // A frame a little in (the first is often black), within the clip however short.
  const at = Math.min(1, output.duration / 3).toFixed(3);
  await runTool(
    tools.ffmpeg,
    ["-hide_banner", "-nostdin", "-y", "-ss", at, "-i", video, "-frames:v", "1", "-f", "image2", frame],
    { timeoutMs: 60_000, ...(options.signal ? { signal: options.signal } : {}) },
  );
  const poster = await processImage(new Uint8Array(await readFile(frame)), IMAGE_MAX_DIMENSION, "file");
  const posterFile = path.join(folder, "poster.webp");
  await writeFile(posterFile, poster.data);
  return {
    video,
    poster: posterFile,
    size: (await stat(video)).size,
    width: output.width,
    height: output.height,
    duration: output.duration,
    blurhash: poster.blurhash,
  };
}
