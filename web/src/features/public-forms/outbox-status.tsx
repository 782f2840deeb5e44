/**
 * Light wrappers the pages use: the outbox runner and the "waiting to be sent" notice load
 * (with Dexie) only once the outbox may hold something — after a submission saved offline, or
 * on a later visit while one is still waiting.
 */
import { lazy, Suspense, useEffect } from 'react';
import type { PublicFormKind } from '../../db/schema';
import { useBrowserState } from '../../lib/hydration';
import { onOutboxHint, outboxMayHold } from '../../sync/public-outbox-hint';

const Runner = lazy(() =>
  import('./public-outbox-runner').then((m) => ({ default: m.PublicOutboxRunner })),
);
const Notice = lazy(() =>
  import('./outbox-pending-notice').then((m) => ({ default: m.OutboxPendingNotice })),
);

/** True while the public outbox may hold a waiting submission (false while hydrating). */
function useOutboxMayHold(): boolean {
  const [mayHold, setMayHold] = useBrowserState(outboxMayHold, false);
  useEffect(() => onOutboxHint(() => setMayHold(outboxMayHold())), [setMayHold]);
  return mayHold;
}

/** Sends saved submissions whichever page is open; mounted once by the app. */
export function PublicOutboxRunner() {
  const mayHold = useOutboxMayHold();
  // Once started it keeps running for the visit (the runner stops itself when unmounted).
  return mayHold ? (
    <Suspense fallback={null}>
      <Runner />
    </Suspense>
  ) : null;
}

export function OutboxPendingNotice({ kind }: { kind: PublicFormKind }) {
  const mayHold = useOutboxMayHold();
  return mayHold ? (
    <Suspense fallback={null}>
      <Notice kind={kind} />
    </Suspense>
  ) : null;
}
