/** What staff see for each kind of change in the "needs attention" list. */
const LABELS: Record<string, string> = {
  'booking.approve': 'Approve booking',
  'job.create': 'Create job',
  'job.update': 'Edit job',
  'job.setArrival': 'Set arrival estimate',
  'job.markEnRoute': 'Mark job En Route',
  'job.startService': 'Start service',
  'job.complete': 'Complete job',
  'job.setStatus': 'Change job status',
  'job.reassign': 'Reassign job',
  'job.delete': 'Delete job',
  'quote.save': 'Save quote',
  'quote.setStatus': 'Change quote status',
  'quote.duplicate': 'Duplicate quote',
  'quote.delete': 'Delete quote',
  'vehicle.add': 'Add vehicle',
  'vehicle.update': 'Update vehicle',
  'vehicle.updateModifications': 'Update modifications',
  'vehicle.updateSpecialFeatures': 'Update special features',
  'vehicle.remove': 'Remove vehicle',
  'service.add': 'Add service record',
  'fuel.add': 'Add fuel record',
  'mileage.add': 'Add mileage record',
  'expense.add': 'Add expense',
  'notificationPreferences.save': 'Save notification preferences',
};

/** A readable name for a mutation; unknown names show as they are. */
export function mutationLabel(name: string): string {
  return LABELS[name] ?? name;
}

/** The record a mutation is about (its id argument), for the list. */
export function mutationSubject(args: unknown): string | null {
  if (!args || typeof args !== 'object') return null;
  const record = args as Record<string, unknown>;
  for (const key of ['id', 'jobId', 'bookingId', 'vehicleId']) {
    const value = record[key];
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return null;
}
