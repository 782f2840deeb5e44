/**
 * Staff code that waits for the screen a person is waiting for. Signing in on a slow phone sets
 * the user, and in the same moment the staff code (the sync engine, the booking alarm) would load
 * and evaluate for a second or more of main thread before the role's first screen, which needs
 * none of it, could paint.
 */
import { useEffect, useState } from 'react';
import { useAdminPreview } from './admin-preview';
import { useDriverPreview } from './driver-preview';
import { useFirstScreenPainted } from './first-screen';

/**
 * How long staff code waits for a held first screen that is not shown (the sign-in went on to
 * another page than the role's own): the screen is a head start, never a reason not to sync.
 */
const FIRST_SCREEN_WAIT_MS = 2_000;

/** True from the frame after `active` became true. */
function useAfterPaint(active: boolean): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!active) {
      setPainted(false);
      return;
    }
    let timer: number | undefined;
    // A frame, then a task: the frame's paint has happened by the time the task runs.
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => setPainted(true), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [active]);
  return active && painted;
}

/**
 * True from the frame after `active` became true, and, right after a sign-in that brought the
 * role's first screen (lib/first-screen.ts), once that screen has been painted: the screen the
 * person waits for goes before the staff code that loads behind it.
 */
export function useAfterFirstScreen(active: boolean): boolean {
  const admin = useAdminPreview();
  const driver = useDriverPreview();
  const held = admin !== null || driver !== null;
  const painted = useFirstScreenPainted();
  const [waited, setWaited] = useState(false);
  useEffect(() => {
    if (!active) setWaited(false);
    if (!active || !held || painted) return;
    const timer = window.setTimeout(() => setWaited(true), FIRST_SCREEN_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [active, held, painted]);
  return useAfterPaint(active && (!held || painted || waited));
}
