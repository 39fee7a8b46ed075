import { useEffect, useRef } from 'react';

interface LoopingClipProps {
  src: string;
  poster: string;
  label: string;
}

/**
 * A muted clip that loops while it is on screen and stops when scrolled away, so a grid of
 * twelve downloads and plays only what the user can see.
 */
export function LoopingClip({ src, poster, label }: LoopingClipProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          // Autoplay of a muted clip is allowed; a browser that still refuses shows the poster.
          video.play().catch(() => undefined);
        } else {
          video.pause();
        }
      },
      { threshold: 0.25 },
    );
    observer.observe(video);
    return () => observer.disconnect();
  }, [src]);
  return (
    <video
      ref={ref}
      src={src}
      poster={poster}
      muted
      loop
      playsInline
      preload="none"
      aria-label={label}
    />
  );
}
