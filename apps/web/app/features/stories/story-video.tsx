import { lazy, Suspense, useEffect, useRef } from "react";

// A story's video: the native <video> element, or the vidstack player when the `vidstack-player` flag is on (its
// code is loaded only then, the first time a video plays). Both are driven the same way by the viewer.

export interface StoryVideoProps {
  src: string;
  poster: string | null;
  paused: boolean;
  muted: boolean;
  /** Playback position as a fraction of the length. */
  onProgress: (fraction: number) => void;
  onEnded: () => void;
  label: string;
}

const VidstackStoryVideo = lazy(() => import("./vidstack-story-video.tsx"));

export function StoryVideo({ vidstack, ...props }: StoryVideoProps & { vidstack: boolean }) {
  if (!vidstack) return <NativeStoryVideo {...props} />;
  return (
    <Suspense fallback={<NativeStoryVideo {...props} paused />}>
      <VidstackStoryVideo {...props} />
    </Suspense>
  );
}

function NativeStoryVideo({ src, poster, paused, muted, onProgress, onEnded, label }: StoryVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (paused) element.pause();
    // Autoplay may be refused (sound on without a gesture): the viewer stays paused-looking, a tap plays.
    else element.play().catch(() => {});
  }, [paused]);
  return (
    <video
      ref={video}
      src={src}
      poster={poster ?? undefined}
      muted={muted}
      playsInline
      autoPlay={!paused}
      preload="auto"
      aria-label={label}
      className="relative h-full w-full object-contain"
      onTimeUpdate={(event) => {
        const { currentTime, duration } = event.currentTarget;
        if (duration > 0) onProgress(currentTime / duration);
      }}
      onEnded={onEnded}
    />
  );
}
