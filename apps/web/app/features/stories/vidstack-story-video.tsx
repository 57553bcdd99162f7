import { MediaPlayer, type MediaPlayerInstance, MediaProvider, Poster } from "@vidstack/react";
import { useRef } from "react";
import type { StoryVideoProps } from "./story-video.tsx";

// The vidstack player for a story video (loaded lazily by story-video.tsx): no controls of its own, the viewer's
// taps, keys and sound button drive it.

export default function VidstackStoryVideo({
  src,
  poster,
  paused,
  muted,
  onProgress,
  onEnded,
  label,
}: StoryVideoProps) {
  const player = useRef<MediaPlayerInstance>(null);
  return (
    <MediaPlayer
      ref={player}
      src={{ src, type: "video/mp4" }}
      title={label}
      paused={paused}
      muted={muted}
      autoPlay={!paused}
      playsInline
      load="eager"
      className="relative h-full w-full [&_video]:h-full [&_video]:w-full [&_video]:object-contain"
      onTimeUpdate={(detail) => {
        const duration = player.current?.state.duration ?? 0;
        if (duration > 0) onProgress(detail.currentTime / duration);
      }}
      onEnded={onEnded}
    >
      <MediaProvider>
        {poster ? (
          <Poster src={poster} alt="" className="absolute inset-0 h-full w-full object-contain" />
        ) : null}
      </MediaProvider>
    </MediaPlayer>
  );
}
