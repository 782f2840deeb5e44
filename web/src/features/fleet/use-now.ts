import { useEffect, useState } from 'react';

/** The time now as ISO text, again once a minute: day-based figures follow the clock on a screen left open. */
export function useNow(): string {
  const [now, setNow] = useState(() => new Date().toISOString());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date().toISOString()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
