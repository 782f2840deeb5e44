import { describe, expect, it } from 'vitest';
import {
  DEPOT,
  dispatchEstimate,
  equipmentNeeds,
  estimateText,
  jobWorkMinutes,
  meetsNeed,
  missingEquipment,
  type EquipmentVehicle,
} from './dispatch';
import { distanceKm } from './nearest-town';

const HEAVY: EquipmentVehicle = {
  type: 'Heavy Recovery',
  driveType: '6x4',
  modifications: ['Hydraulic Winch', 'LED Light Bar'],
  specialFeatures: ['Heavy Vehicle Certified', 'Mine Site Approved'],
};
const TILT: EquipmentVehicle = {
  type: 'Flatbed',
  driveType: '4x2',
  modifications: ['Synthetic Winch Rope'],
  specialFeatures: [],
};
const UTE: EquipmentVehicle = {
  type: '4x4 Recovery',
  driveType: '4WD',
  modifications: ['12,000 lb Electric Winch'],
  specialFeatures: [],
};

describe('equipmentNeeds', () => {
  it('reads what the service needs', () => {
    expect(equipmentNeeds({ service: 'Emergency Towing' })).toEqual(['tow']);
    expect(equipmentNeeds({ service: '4x4 Recovery' })).toEqual(['fourWheelDrive', 'winch']);
    expect(equipmentNeeds({ service: 'Heavy Vehicle Recovery' })).toEqual(['heavy', 'winch']);
    expect(equipmentNeeds({ service: 'Jump Start Service' })).toEqual([]);
  });

  it('adds a flatbed for a low car and mine-site approval at a mine', () => {
    expect(
      equipmentNeeds({ service: 'Local Towing', notes: 'Lowered Commodore, needs tilt tray' }),
    ).toEqual(['tow', 'flatbed']);
    expect(
      equipmentNeeds({ service: 'Winch Recovery', location: 'Mine site gate 3, Tom Price' }),
    ).toEqual(['winch', 'mineSite']);
    expect(
      equipmentNeeds({ service: 'Local Towing', location: 'Dampier Highway, Karratha' }),
    ).toEqual(['tow']);
  });
});

describe('meetsNeed and missingEquipment', () => {
  it('matches by vehicle type, drive, modifications and special features', () => {
    expect(meetsNeed(HEAVY, 'winch')).toBe(true);
    expect(meetsNeed(HEAVY, 'heavy')).toBe(true);
    expect(meetsNeed(HEAVY, 'mineSite')).toBe(true);
    expect(meetsNeed(UTE, 'fourWheelDrive')).toBe(true);
    expect(meetsNeed(UTE, 'tow')).toBe(false);
    expect(meetsNeed(TILT, 'flatbed')).toBe(true);
  });

  it('does not take a winch rope for a winch', () => {
    expect(meetsNeed(TILT, 'winch')).toBe(false);
    expect(missingEquipment(TILT, ['tow', 'winch'])).toEqual(['winch']);
  });

  it('lists every need a truck lacks, in order', () => {
    expect(missingEquipment(TILT, ['fourWheelDrive', 'winch', 'mineSite'])).toEqual([
      'fourWheelDrive',
      'winch',
      'mineSite',
    ]);
    expect(missingEquipment(HEAVY, ['tow', 'winch', 'heavy'])).toEqual([]);
  });
});

describe('dispatchEstimate', () => {
  const ROEBOURNE = { lat: -20.7781, lng: 117.1456 };

  it('measures from the truck’s last position to the job at 70 km/h', () => {
    const estimate = dispatchEstimate(ROEBOURNE, 'GPS -20.73640, 116.84630 (Karratha)');
    const km = distanceKm(ROEBOURNE, DEPOT);
    expect(estimate).toEqual({
      km: Math.round(km * 10) / 10,
      minutes: Math.round((km / 70) * 60),
      fromDepot: false,
    });
    expect(estimate!.km).toBeGreaterThan(31);
    expect(estimate!.km).toBeLessThan(32);
    expect(estimate!.minutes).toBe(27);
  });

  it('measures from the depot when the truck’s position is not known', () => {
    const estimate = dispatchEstimate(null, 'Main street, Port Hedland');
    expect(estimate?.fromDepot).toBe(true);
    expect(estimate!.km).toBeGreaterThan(185);
    expect(estimateText(estimate)).toMatch(
      /from the depot, about \d+ min \(estimate: straight line at 70 km\/h\)/,
    );
  });

  it('gives no estimate for a place it cannot read, and at least a minute', () => {
    expect(dispatchEstimate(null, 'Somewhere near the big rock')).toBeNull();
    expect(estimateText(null)).toMatch(/No estimate/);
    expect(dispatchEstimate(DEPOT, 'Karratha')?.minutes).toBe(1);
  });

  it('counts a job as the drive there and back and an hour on site', () => {
    expect(jobWorkMinutes({ km: 35, minutes: 30, fromDepot: false })).toBe(120);
    expect(jobWorkMinutes(null)).toBe(60);
  });
});
