import { describe, expect, it } from 'vitest';
import { assignmentChoices } from './roles';

describe('assignmentChoices', () => {
  it('offers the active drivers by name, then Both and Unassigned', () => {
    expect(assignmentChoices(['Sam Taylor', 'Alex Reid'])).toEqual([
      'Alex Reid',
      'Sam Taylor',
      'Both',
      'Unassigned',
    ]);
  });

  it('offers only Both and Unassigned when no driver is active', () => {
    expect(assignmentChoices([])).toEqual(['Both', 'Unassigned']);
  });

  it('keeps a deactivated driver who still holds the job, once', () => {
    expect(assignmentChoices(['Sam Taylor'], 'Kim Ng')).toEqual([
      'Sam Taylor',
      'Both',
      'Unassigned',
      'Kim Ng',
    ]);
    expect(assignmentChoices(['Sam Taylor', 'Sam Taylor '], 'Sam Taylor')).toEqual([
      'Sam Taylor',
      'Both',
      'Unassigned',
    ]);
  });
});
