import { describe, expect, it } from 'vitest';
import {
  ROLES,
  assignmentChoiceOf,
  assignmentChoices,
  assignmentFromChoice,
  homeScreenFor,
} from './roles';

const SAM = { id: 2, name: 'Sam Taylor' };
const ALEX = { id: 3, name: 'Alex Reid' };
const OTHER_SAM = { id: 4, name: 'Sam Taylor' };

describe('assignmentChoices', () => {
  it('offers the active drivers by account, by name, then Both and Unassigned', () => {
    expect(assignmentChoices([SAM, ALEX])).toEqual([
      { value: 'driver:3', label: 'Alex Reid' },
      { value: 'driver:2', label: 'Sam Taylor' },
      { value: 'Both', label: 'Both' },
      { value: 'Unassigned', label: 'Unassigned' },
    ]);
  });

  it('keeps two drivers of one name apart', () => {
    expect(assignmentChoices([OTHER_SAM, SAM]).slice(0, 2)).toEqual([
      { value: 'driver:2', label: 'Sam Taylor' },
      { value: 'driver:4', label: 'Sam Taylor' },
    ]);
  });

  it('offers only Both and Unassigned when no driver is active', () => {
    expect(assignmentChoices([]).map((choice) => choice.value)).toEqual(['Both', 'Unassigned']);
  });

  it('keeps the job’s current assignment when it is none of those, once', () => {
    expect(assignmentChoices([SAM], { assignedTo: 'Kim Ng', assignedDriverId: 7 }).at(-1)).toEqual({
      value: 'driver:7',
      label: 'Kim Ng',
    });
    expect(assignmentChoices([SAM], { assignedTo: 'Kim Ng' }).at(-1)).toEqual({
      value: 'Kim Ng',
      label: 'Kim Ng',
    });
    expect(
      assignmentChoices([SAM], { assignedTo: 'Sam Taylor', assignedDriverId: 2 }),
    ).toHaveLength(3);
  });

  it('turns a choice into the assignment it stands for, and back', () => {
    expect(assignmentFromChoice('driver:2', [SAM])).toEqual({
      assignedTo: 'Sam Taylor',
      assignedDriverId: 2,
    });
    expect(assignmentFromChoice('Both', [SAM])).toEqual({
      assignedTo: 'Both',
      assignedDriverId: null,
    });
    expect(assignmentFromChoice('Unassigned', [SAM])).toEqual({
      assignedTo: null,
      assignedDriverId: null,
    });
    expect(assignmentChoiceOf({ assignedTo: 'Sam Taylor', assignedDriverId: 2 })).toBe('driver:2');
    expect(assignmentChoiceOf({ assignedTo: null })).toBe('Unassigned');
    expect(assignmentChoiceOf({ assignedTo: 'Both' })).toBe('Both');
  });
});

describe('homeScreenFor', () => {
  it('lands staff and account contacts on their own screen, customers at home', () => {
    expect(ROLES.map((role) => [role, homeScreenFor(role)])).toEqual([
      ['customer', '/'],
      ['driver', '/driver'],
      ['admin', '/admin'],
      ['account', '/account'],
    ]);
  });
});
