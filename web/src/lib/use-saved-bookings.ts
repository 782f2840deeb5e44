import { useEffect } from 'react';
import { useBrowserState } from './hydration';
import { onSavedBookingsChange, readSavedBookings, type SavedBooking } from './my-bookings';

/** The bookings made on this device, kept current (none while a pre-rendered page hydrates). */
export function useSavedBookings(): SavedBooking[] {
  const [bookings, setBookings] = useBrowserState<SavedBooking[]>(readSavedBookings, []);
  useEffect(() => onSavedBookingsChange(() => setBookings(readSavedBookings())), [setBookings]);
  return bookings;
}
