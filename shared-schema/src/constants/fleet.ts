/** Fleet catalogues (special features, modifications) and fleet defaults and thresholds. */

/**
 * The 15 special features a vehicle can be ticked for: the six the spec names, then nine more a
 * Pilbara recovery fleet commonly records.
 */
export const SPECIAL_FEATURES = [
  'Emergency Response Ready',
  'Mine Site Approved',
  '24/7 Operation Capable',
  'Remote Area Recovery',
  'Heavy Vehicle Certified',
  'GPS Tracking Installed',
  'Satellite Communications',
  'Dual Battery System',
  'Long Range Fuel Tank',
  'First Aid Equipped',
  'Fire Extinguisher Fitted',
  'Night Operations Lighting',
  'Dashcam Recording',
  'Underbody Protection',
  'Dangerous Goods Licensed',
] as const;

/** One group of the modifications catalogue. */
export interface ModificationCategory {
  category: string;
  items: readonly string[];
}

/** The 59 vehicle modifications a 4x4 recovery fit-out uses, grouped by category. */
export const MODIFICATIONS_CATALOGUE: readonly ModificationCategory[] = [
  {
    category: 'Winches & Recovery',
    items: [
      '12,000 lb Electric Winch',
      '9,500 lb Electric Winch',
      'Hydraulic Winch',
      'Synthetic Winch Rope',
      'Snatch Block',
      'Recovery Points (Rated)',
      'Hitch Receiver Recovery Point',
      'Kinetic Recovery Rope',
      'Tree Trunk Protector',
    ],
  },
  {
    category: 'Suspension & Lift',
    items: [
      '2" Suspension Lift Kit',
      '3" Suspension Lift Kit',
      'Heavy Duty Coil Springs',
      'Heavy Duty Leaf Springs',
      'Airbag Suspension Helpers',
      'Steering Damper',
      'Extended Brake Lines',
    ],
  },
  {
    category: 'Lighting',
    items: [
      'LED Light Bar',
      'LED Driving Lights',
      'LED Work Lights',
      'Amber Beacon Lights',
      'Rear Floodlights',
      'Rock Lights',
    ],
  },
  {
    category: 'Bars & Protection',
    items: [
      'Steel Bull Bar',
      'Alloy Bull Bar',
      'Rear Bar with Tyre Carrier',
      'Side Steps',
      'Rock Sliders',
      'Bash Plates',
      'Diff Guards',
    ],
  },
  {
    category: 'Communications',
    items: [
      'UHF CB Radio',
      'Satellite Phone',
      'HF Radio',
      'Cellular Signal Booster',
      'EPIRB / PLB',
    ],
  },
  {
    category: 'Wheels & Tyres',
    items: [
      'All-Terrain Tyres',
      'Mud-Terrain Tyres',
      'Beadlock Wheels',
      'Tyre Pressure Monitoring System',
      'Second Spare Wheel',
    ],
  },
  {
    category: 'Racks & Storage',
    items: [
      'Roof Rack',
      'Roof Top Storage Box',
      'Drawer System',
      'Tray Canopy',
      'Jerry Can Holders',
      'Recovery Board Mounts',
    ],
  },
  {
    category: 'Safety Gear',
    items: [
      'Fire Extinguisher',
      'First Aid Kit',
      'Mine Site Flag and Whip',
      'Reversing Camera',
      'Dash Camera',
    ],
  },
  {
    category: 'Electrical & Power',
    items: [
      'Dual Battery System',
      'DC-DC Charger',
      'Solar Panel',
      'Inverter',
      'Onboard Air Compressor',
    ],
  },
  {
    category: 'Engine & Drivetrain',
    items: ['Snorkel', 'Front Diff Locker', 'Rear Diff Locker', 'Long Range Fuel Tank'],
  },
];

/** Every modification option, in catalogue order. */
export const MODIFICATION_OPTIONS: readonly string[] = MODIFICATIONS_CATALOGUE.flatMap(
  (group) => group.items,
);

/** Defaults a new fleet vehicle gets (the year defaults to the current year, see the fleet rules). */
export const VEHICLE_DEFAULTS = {
  serviceInterval: 10000,
  fuelType: 'Diesel',
  driveType: '4WD',
  /** Status the create call sends; the form's own enum is active, maintenance, out_of_service. */
  status: 'Excellent',
  isActive: true,
  mileage: 0,
  minYear: 1900,
  maxYear: 2030,
} as const;

/**
 * Fleet thresholds. `serviceDueKm` and `kmPerDay` are from the spec; the due-soon windows and the
 * expiry alert window are this product's choice.
 */
export const FLEET = {
  /** Remaining km at or under which a vehicle shows Service Due. */
  serviceDueKm: 1000,
  /** Estimated distance driven per day since the last service. */
  kmPerDay: 50,
  /** A service reminder turns due-soon this many km before the service is due. */
  dueSoonKm: 1000,
  /** A service reminder turns due-soon this many days before the next service date. */
  dueSoonDays: 14,
  /** Registration and insurance expiry alerts start this many days ahead. */
  expiryAlertDays: 30,
  /** How many latest service and fuel records an expanded vehicle card shows. */
  latestRecords: 3,
} as const;
