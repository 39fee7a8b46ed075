import { useCallback, useEffect, useState } from 'react';

/** Seconds left before an action may repeat (the 60 s captcha resend of spec §9). */
export function useCountdown(): {
  remaining: number;
  start: (seconds: number) => void;
  reset: () => void;
} {
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    if (remaining <= 0) return;
    const timer = window.setTimeout(() => setRemaining((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearTimeout(timer);
  }, [remaining]);

  const start = useCallback((seconds: number) => setRemaining(seconds), []);
  const reset = useCallback(() => setRemaining(0), []);
  return { remaining, start, reset };
}
