/**
 * "I've got it" on a new booking, from the alarm on any staff screen and from the booking's
 * card: a named mutation through the sync client, so it is kept with no signal and reaches the
 * server once. Taking a booking stops the alarm on every staff screen (each one syncs the
 * booking's `acknowledgedAt`), stops its escalation, and the customer's tracking link says who
 * has it.
 */
import { notifications } from '@mantine/notifications';
import { MESSAGES, STAFF_ALARM_TEXT, TOAST_DURATIONS } from '@pilbara/shared-schema';
import { mutate } from '../sync';

/** Takes the booking; resolves whether it was kept on this device. */
export async function acknowledgeBooking(bookingId: string): Promise<boolean> {
  let message: string | null = null;
  try {
    const result = await mutate('booking.acknowledge', { bookingId });
    if (!result.ok) message = result.message;
  } catch (error) {
    message = error instanceof Error ? error.message : MESSAGES.BOOKING_ACKNOWLEDGE_FAILED;
  }
  notifications.show(
    message
      ? {
          title: MESSAGES.ERROR_TITLE,
          message: `${MESSAGES.BOOKING_ACKNOWLEDGE_FAILED}: ${message}`,
          color: 'red',
          autoClose: TOAST_DURATIONS.default,
        }
      : {
          message: STAFF_ALARM_TEXT.takenToast(bookingId),
          color: 'green',
          autoClose: TOAST_DURATIONS.default,
        },
  );
  return message === null;
}
