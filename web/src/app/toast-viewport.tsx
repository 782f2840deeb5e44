import { Notifications } from '@mantine/notifications';
import { TOAST_DURATIONS } from '@pilbara/shared-schema';

/** Where toasts appear: at most one at a time, top centre, the spec's default duration. */
export function ToastViewport() {
  return (
    <Notifications
      limit={TOAST_DURATIONS.maxVisible}
      position="top-center"
      autoClose={TOAST_DURATIONS.default}
      zIndex={1000}
    />
  );
}
