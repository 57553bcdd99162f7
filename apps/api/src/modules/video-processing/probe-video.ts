import { runTool, type VideoTools } from "./video-tools.ts";

/** What ffprobe tells of an upload: enough to refuse it at once and to plan the transcode. */
export interface VideoProbe {
  /** Seconds, from the container (or the longest stream when the container does not say). */
  duration: number;
  /** As displayed (a quarter-turned picture's sides swapped). */
  width: number;
  height: number;
  /** ffprobe's container names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  formatName: string;
  videoCodec: string;
  hasAudio: boolean;
  /** Degrees the player must turn the picture (phone videos); the transcode applies it. */
  rotation: number;
}

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  duration?: string;
  disposition?: { attached_pic?: number };
  tags?: { rotate?: string };
  side_data_list?: Array<{ rotation?: number }>;
}

/** Why a file is not a usable video; the upload answers 422 with the matching text. */
export type ProbeFailure = "unreadable" | "no_video";

export class ProbeRefused extends Error {
  override name = "ProbeRefused";
  readonly reason: ProbeFailure;
  constructor(reason: ProbeFailure) {
    super(reason);
    this.reason = reason;
  }
}

const PROBE_TIMEOUT_MS = 30_000;

/** Probes a local file; ProbeRefused when ffprobe cannot read it as a video with a picture and a duration. */
export async function probeVideo(tools: VideoTools, file: string): Promise<VideoProbe> {
  let output: string;
  try {
    output = await runTool(
      tools.ffprobe,
      ["-v", "error", "-print_format", "json", "-show_format", "-show_streams", file],
      { timeoutMs: PROBE_TIMEOUT_MS },
    );
  } catch {
    throw new ProbeRefused("unreadable");
  }
  let parsed: { streams?: ProbeStream[]; format?: { duration?: string; format_name?: string } };
  try {
    parsed = JSON.parse(output);
  } catch {
    throw new ProbeRefused("unreadable");
  }
  const streams = parsed.streams ?? [];
  // A cover picture inside an audio file is a "video" stream too: it does not make the file a video.
  const video = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  if (!parsed.format?.format_name) throw new ProbeRefused("unreadable");
  if (!video?.width || !video.height) throw new ProbeRefused("no_video");
  const durations = [parsed.format.duration, ...streams.map((s) => s.duration)]
    .map((d) => Number(d))
    .filter((d) => Number.isFinite(d) && d > 0);
  const duration =
    Number(parsed.format.duration) > 0 ? Number(parsed.format.duration) : Math.max(0, ...durations);
  if (!(duration > 0)) throw new ProbeRefused("unreadable");
  const rotation =
    Number(
      video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? video.tags?.rotate ?? 0,
    ) || 0;
  // The size as shown: a phone's portrait video is stored landscape with a quarter turn to apply.
  const turned = Math.abs(rotation) % 180 === 90;
  return {
    duration: Math.round(duration * 1000) / 1000,
    width: turned ? video.height : video.width,
    height: turned ? video.width : video.height,
    formatName: parsed.format.format_name,
    videoCodec: video.codec_name ?? "unknown",
    hasAudio: streams.some((s) => s.codec_type === "audio"),
    rotation,
  };
}
