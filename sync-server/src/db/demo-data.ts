/**
 * Demo data for the start command's embedded default: two trucks with service and fuel
 * history, jobs in every status, pending bookings, contact messages, quotes in every status, and
 * five months of tax invoices (paid, part paid, unpaid, one corrected by a credit note) so the
 * billing reports have something to show. Loaded only into an empty database (no jobs, bookings,
 * quotes or vehicles yet), never by tests unless a test asks. Ids come from the id series, so
 * devices' leases start after them. Every price, invoice, payment and credit comes from the
 * shared rules (buildQuote, raiseInvoice, applyPayment, issueCreditNote), in integer cents.
 */
import {
  DEFAULT_BUSINESS_PROFILE,
  URGENT_CONTACT_SERVICE,
  EXAMPLE_ABN,
  applyPayment,
  autoQuoteForCompletedJob,
  buildQuote,
  divideRoundHalfUp,
  documentRef,
  issueCreditNote,
  raiseInvoice,
  type Invoice,
  type Job,
  type JobStatus,
  type Payment,
  type QuoteData,
  type QuoteStatus,
  type RecordInvoicePaymentInput,
  type SyncedTable,
} from '@pilbara/shared-schema';
import crypto from 'node:crypto';
import type { Db } from './connection';
import { createUser, findUserByUsername } from './repositories/users';
import { countRows, getRow, putRow } from './rows';
import { putLogged } from './change-log';
import { mintIntegerId, mintTextId } from './id-series';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** Whether the database holds no business data yet. */
export function isEmptyDatabase(db: Db): boolean {
  return (['jobs', 'bookings', 'quotes', 'vehicles', 'contact_submissions'] as const).every(
    (table) => countRows(db, table) === 0,
  );
}

const PROGRESS: Record<JobStatus, number> = {
  Assigned: 0,
  'En Route': 25,
  'In Progress': 50,
  Completed: 100,
  Cancelled: 0,
  Emergency: 0,
  Scheduled: 0,
};

/** Status path a job took to reach its demo status, for its job_updates history. */
const HISTORY: Record<JobStatus, JobStatus[]> = {
  Assigned: ['Assigned'],
  'En Route': ['Assigned', 'En Route'],
  'In Progress': ['Assigned', 'En Route', 'In Progress'],
  Completed: ['Assigned', 'En Route', 'In Progress', 'Completed'],
  Cancelled: ['Assigned', 'Cancelled'],
  Emergency: ['Emergency'],
  Scheduled: ['Scheduled'],
};

type DemoItem = QuoteData['items'][number];

function item(
  description: string,
  category: 'service' | 'parts' | 'misc',
  unitPrice: number,
  quantity = 1,
): DemoItem {
  return { description, category, unitPrice, quantity };
}

/** A past sale: its quote, when it was invoiced, and how it was paid or corrected. */
interface PastSale {
  name: string;
  service: string;
  from: string | null;
  to: string | null;
  discount: number;
  items: DemoItem[];
  daysAgo: number;
  payments: {
    share: 'all' | 'half';
    daysLater: number;
    method: RecordInvoicePaymentInput['method'];
  }[];
  credit?: { amount: number; reason: string; daysLater: number };
  /** The buyer's ABN (a mine site): a checksum-valid example, never a real business's. */
  buyerAbn?: string;
}

const PAST_SALES: PastSale[] = [
  {
    name: 'Rio Haulage Pty Ltd',
    service: 'Heavy Vehicle Recovery',
    from: 'Karratha',
    to: 'Tom Price',
    discount: 0,
    items: [
      item('Heavy Vehicle Recovery', 'service', 35000),
      item('Winch Recovery', 'service', 8000),
    ],
    daysAgo: 140,
    payments: [{ share: 'all', daysLater: 6, method: 'bank-transfer' }],
  },
  {
    name: 'Kylie Dunn',
    service: 'Emergency Towing',
    from: 'Karratha',
    to: 'Roebourne',
    discount: 0,
    items: [item('Emergency Towing', 'service', 18000), item('Call-out Fee', 'misc', 7500)],
    daysAgo: 118,
    payments: [],
  },
  {
    name: 'Westside Earthmoving',
    service: '4x4 Recovery',
    from: 'Newman',
    to: 'Newman',
    discount: 5,
    items: [item('4x4 Recovery', 'service', 22000), item('Recovery Board Set', 'parts', 12000)],
    daysAgo: 96,
    payments: [{ share: 'all', daysLater: 0, method: 'card-on-site' }],
  },
  {
    name: 'Marcus Lee',
    service: 'Vehicle Repairs',
    from: null,
    to: null,
    discount: 0,
    items: [item('Vehicle Repairs', 'service', 9500, 2), item('Oil Change', 'parts', 8500)],
    daysAgo: 70,
    payments: [{ share: 'all', daysLater: 1, method: 'cash' }],
    credit: { amount: 4400, reason: 'Second hour of labour not needed', daysLater: 3 },
  },
  {
    name: 'Pilbara Mine Services',
    buyerAbn: EXAMPLE_ABN,
    service: 'Heavy Vehicle Recovery',
    from: 'Karratha',
    to: 'Marble Bar',
    discount: 10,
    items: [
      item('Heavy Vehicle Recovery', 'service', 35000),
      item('Waiting Time per hour', 'misc', 9500, 3),
      item('Site Access Fee', 'misc', 3500),
    ],
    daysAgo: 45,
    payments: [{ share: 'half', daysLater: 10, method: 'bank-transfer' }],
  },
  {
    name: 'Sophie Grant',
    service: 'Roadside Assistance',
    from: 'Dampier',
    to: 'Dampier',
    discount: 0,
    items: [item('Roadside Assistance', 'service', 12000), item('Jumper Cables', 'parts', 3500)],
    daysAgo: 20,
    payments: [{ share: 'all', daysLater: 0, method: 'card-on-site' }],
  },
  {
    name: 'Hamersley Contracting',
    service: 'Long Distance Towing',
    from: 'Karratha',
    to: 'Port Hedland',
    discount: 0,
    items: [
      item('Long Distance Towing', 'service', 15000),
      item('Mileage Charge per km', 'misc', 450, 200),
    ],
    daysAgo: 8,
    payments: [],
  },
];

export interface DemoOptions {
  /** The two drivers (the co-owners) jobs are assigned to; default the placeholder profile's. */
  drivers?: readonly [string, string];
}

/** Seeds the demo records when the database is empty; returns whether it did. */
export function seedDemoData(db: Db, now: Date, options: DemoOptions = {}): boolean {
  if (!isEmptyDatabase(db)) return false;
  const [sam, alex] = options.drivers ?? [
    DEFAULT_BUSINESS_PROFILE.owners[0]?.name ?? 'Driver 1',
    DEFAULT_BUSINESS_PROFILE.owners[1]?.name ?? 'Driver 2',
  ];
  const firstName = (name: string) => name.split(' ')[0] ?? name;
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();
  const dateOnly = (offsetMs: number) => at(offsetMs).slice(0, 10);

  // Synced rows are written with their change-log entries, as every write is (change-log.ts).
  const nowIso = now.toISOString();
  const put = <T = Record<string, unknown>>(
    database: Db,
    table: SyncedTable,
    row: Record<string, unknown> & { id: string | number },
  ): T => putLogged<T>(database, table, row, nowIso);

  db.transaction(() => {
    // The two drivers as driver accounts (issue 20): the names jobs are assigned to come from
    // the active drivers. They cannot sign in until an admin sets their password (Staff), so a
    // demo never ships a known password.
    for (const name of [sam, alex]) {
      const [first = name, ...rest] = name.split(' ');
      const username = first.toLowerCase().replace(/[^a-z0-9._-]/g, '') || 'driver';
      if (findUserByUsername(db, username)) continue;
      createUser(
        db,
        {
          username,
          passwordHash: `unset$${crypto.randomBytes(16).toString('base64url')}`,
          firstName: first,
          lastName: rest.join(' ') || null,
          role: 'driver',
        },
        now,
      );
    }

    // Fleet: two trucks with service and fuel history.
    const trucks = [
      {
        name: 'Big Red',
        make: 'Isuzu',
        model: 'FVZ 1400 Heavy Recovery',
        year: 2021,
        registration: '1HRT-001',
        vin: 'JALFVZ34SM7000001',
        type: 'Heavy Recovery',
        mileage: 84250,
        driveType: '6x4',
        engineSize: '7.8L',
        towingCapacity: 25000,
        gvm: 26000,
        modifications: ['Hydraulic Recovery Winch', 'LED Light Bar', 'UHF Radio'],
        specialFeatures: ['Mine Site Approved', '24/7 Operation Capable', 'GPS Tracking Installed'],
      },
      {
        name: 'Dusty',
        make: 'Toyota',
        model: 'LandCruiser 79 Tray',
        year: 2023,
        registration: '1DST-202',
        vin: 'JTELV71J50K000202',
        type: '4x4 Recovery',
        mileage: 41730,
        driveType: '4WD',
        engineSize: '4.5L',
        towingCapacity: 3500,
        gvm: 3510,
        modifications: ['Electric Winch 12000 lb', '2 inch Lift Kit', 'Bull Bar'],
        specialFeatures: ['Emergency Response Ready', 'Remote Area Recovery'],
      },
    ];
    const vehicleIds = trucks.map((truck, index) => {
      const id = mintIntegerId(db, 'vehicles');
      put(db, 'vehicles', {
        id,
        ...truck,
        status: 'active',
        serviceInterval: 10000,
        nextService: dateOnly(60 * DAY),
        lastServiceDate: dateOnly(-(40 + index * 100) * DAY),
        engineType: 'Turbo Diesel',
        fuelType: 'Diesel',
        transmission: index === 0 ? 'Automated Manual' : 'Manual',
        alerts: [],
        description:
          index === 0
            ? 'Heavy recovery truck for mine sites and highway'
            : 'Light 4x4 recovery and roadside',
        insuranceExpiry: dateOnly(200 * DAY),
        registrationExpiry: dateOnly(150 * DAY),
        isActive: true,
        createdAt: at(-400 * DAY),
        updatedAt: at(-40 * DAY),
      });
      return id;
    });

    vehicleIds.forEach((vehicleId, index) => {
      const services = [
        {
          type: 'Routine Service',
          daysAgo: 40 + index * 100,
          cost: 68000,
          km: 80000 - index * 40000,
        },
        {
          type: 'Brake Service',
          daysAgo: 160 + index * 100,
          cost: 124500,
          km: 70000 - index * 40000,
        },
      ];
      services.forEach((service, n) => {
        put(db, 'service_records', {
          id: mintIntegerId(db, 'service_records'),
          vehicleId,
          invoiceNumber: `WS-${2400 + index * 10 + n}`,
          serviceType: service.type,
          description: `${service.type} at the Karratha workshop`,
          servicedBy: 'Pilbara Diesel Services',
          laborCost: service.cost,
          partsCost: 0,
          totalCost: service.cost,
          mileageAtService: Math.max(0, service.km),
          partsReplaced:
            service.type === 'Brake Service' ? 'Front pads and rotors' : 'Oil and filters',
          workPerformed: service.type,
          nextServiceDue: null,
          warranty: null,
          invoiceDate: dateOnly(-service.daysAgo * DAY),
          isPaid: true,
          notes: null,
          createdAt: at(-service.daysAgo * DAY),
        });
      });
      [3, 10, 17].forEach((daysAgo, n) => {
        const liters = [182500, 164250, 175000][n] ?? 150000;
        const pricePerLiter = 229;
        put(db, 'fuel_records', {
          id: mintIntegerId(db, 'fuel_records'),
          vehicleId,
          dateTime: at(-daysAgo * DAY),
          location: ['Karratha', 'Roebourne', 'Dampier'][n] ?? 'Karratha',
          fuelType: 'Diesel',
          liters: index === 0 ? liters : Math.round(liters / 2),
          pricePerLiter,
          totalCost: divideRoundHalfUp(
            (index === 0 ? liters : Math.round(liters / 2)) * pricePerLiter,
            1000,
          ),
          odometerReading: trucks[index]!.mileage - daysAgo * 60,
          fillType: 'Full',
          efficiency: null,
          driver: firstName(index === 0 ? sam : alex),
          receipt: null,
          notes: null,
          createdAt: at(-daysAgo * DAY),
        });
      });
    });
    put(db, 'mileage_records', {
      id: mintIntegerId(db, 'mileage_records'),
      vehicleId: vehicleIds[0],
      dateTime: at(-2 * DAY),
      startOdometer: 84010,
      endOdometer: 84250,
      distance: 240,
      purpose: 'Recovery from Tom Price road',
      jobId: null,
      startLocation: 'Karratha',
      endLocation: 'Millstream',
      driver: firstName(sam),
      notes: null,
      createdAt: at(-2 * DAY),
    });
    put(db, 'fleet_expenses', {
      id: mintIntegerId(db, 'fleet_expenses'),
      vehicleId: vehicleIds[1],
      expenseType: 'Tyres',
      description: 'Two all-terrain tyres',
      amount: 89000,
      vendor: 'Karratha Tyre Centre',
      invoiceNumber: 'KTC-5521',
      expenseDate: dateOnly(-12 * DAY),
      category: 'Maintenance',
      isPaid: true,
      paymentMethod: 'card',
      notes: null,
      createdAt: at(-12 * DAY),
    });

    // Eleven weeks of finished work before this one (issue 28): the reports' jobs per week and
    // response-time trend have a history to draw. Written first, oldest first, so the job
    // numbers follow the order the jobs were taken on; archived, so the job list shows today's.
    const MINUTE = 60 * 1000;
    const WEEK = 7 * DAY;
    const PAST_SERVICES = [
      'Emergency Towing',
      '4x4 Recovery',
      'Jump Start Service',
      'Flat Tyre Change',
    ];
    const PAST_PLACES = ['Dampier Road', 'Millstream Rd', 'Roebourne', 'Wickham', 'Point Samson'];
    const perWeek = [3, 2, 4, 3, 5, 2, 4, 3, 3, 4, 2];
    for (let week = perWeek.length; week >= 1; week -= 1) {
      const count = perWeek[perWeek.length - week] ?? 2;
      for (let n = 0; n < count; n += 1) {
        const start = -week * WEEK + (n * 37 + 9) * HOUR;
        const response = 25 + ((week * 7 + n * 13) % 55);
        const id = mintTextId(db, 'JOB', now);
        const service = PAST_SERVICES[(week + n) % PAST_SERVICES.length] ?? 'Emergency Towing';
        const steps: [JobStatus, number][] = [
          ['Assigned', 0],
          ['En Route', 5 * MINUTE],
          ['In Progress', response * MINUTE],
          ['Completed', (response + 70) * MINUTE],
        ];
        put(db, 'jobs', {
          id,
          customerName: `Past Customer ${week}-${n + 1}`,
          phone: `0433 ${String(100 + week).padStart(3, '0')} ${String(200 + n).padStart(3, '0')}`,
          email: null,
          status: 'Completed',
          service,
          location: PAST_PLACES[(week * 3 + n) % PAST_PLACES.length] ?? 'Karratha',
          estimatedArrival: null,
          progress: 100,
          assignedTo: n % 2 === 0 ? sam : alex,
          notes: null,
          archivedAt: at(start + 2 * DAY),
          createdAt: at(start),
          updatedAt: at(start + 2 * DAY),
        });
        for (const [status, after] of steps) {
          put(db, 'job_updates', {
            id: mintIntegerId(db, 'job_updates'),
            jobId: id,
            message:
              status === 'Assigned' ? `Job created: ${service}` : `Status changed to ${status}`,
            status,
            createdAt: at(start + after),
          });
        }
      }
    }

    // Jobs in every status, each with its status history.
    const jobs: {
      status: JobStatus;
      name: string;
      phone: string;
      service: string;
      location: string;
      assignedTo: string | null;
      hoursAgo: number;
    }[] = [
      {
        status: 'Assigned',
        name: 'Megan Clarke',
        phone: '0412 345 601',
        service: 'Roadside Assistance',
        location: 'Dampier Highway, near the salt ponds',
        assignedTo: alex,
        hoursAgo: 1,
      },
      {
        status: 'En Route',
        name: 'Tom Nguyen',
        phone: '0412 345 602',
        service: 'Emergency Towing',
        location: 'North West Coastal Hwy, 20 km east of Karratha',
        assignedTo: sam,
        hoursAgo: 2,
      },
      {
        status: 'In Progress',
        name: 'Priya Shah',
        phone: '0412 345 603',
        service: 'Vehicle Repairs',
        location: 'Nickol, Karratha',
        assignedTo: alex,
        hoursAgo: 3,
      },
      {
        status: 'Completed',
        name: 'Jack Wilson',
        phone: '0412 345 604',
        service: '4x4 Recovery',
        location: 'Millstream-Chichester track',
        assignedTo: 'Both',
        hoursAgo: 48,
      },
      {
        status: 'Cancelled',
        name: 'Lena Fischer',
        phone: '0412 345 605',
        service: 'Long Distance Towing',
        location: 'Wickham to Port Hedland',
        assignedTo: null,
        hoursAgo: 72,
      },
      {
        status: 'Emergency',
        name: 'Ray Martin',
        phone: '0412 345 606',
        service: 'Emergency Towing',
        location: 'Karratha-Tom Price Road, km 85',
        assignedTo: sam,
        hoursAgo: 0.5,
      },
      {
        status: 'Scheduled',
        name: 'Aisha Brown',
        phone: '0412 345 607',
        service: 'Vehicle Repairs',
        location: 'Baynton, Karratha',
        assignedTo: alex,
        hoursAgo: 5,
      },
    ];
    const jobIds: string[] = [];
    // Stored oldest first, so the job numbers the server gives follow the order they were made
    // in, as an accountant expects of every series (issue 28); `jobIds` keeps the list's order.
    const oldestFirst = jobs
      .map((job, index) => ({ job, index }))
      .sort((a, b) => b.job.hoursAgo - a.job.hoursAgo);
    for (const { job, index } of oldestFirst) {
      const createdAt = at(-job.hoursAgo * HOUR);
      const id = mintTextId(db, 'JOB', now);
      jobIds[index] = id;
      const history = HISTORY[job.status];
      const updatedAt = at(-job.hoursAgo * HOUR + (history.length - 1) * 15 * 60 * 1000);
      put(db, 'jobs', {
        id,
        customerName: job.name,
        phone: job.phone,
        email: `${job.name.split(' ')[0]!.toLowerCase()}@example.com`,
        status: job.status,
        service: job.service,
        location: job.location,
        estimatedArrival:
          job.status === 'Completed' || job.status === 'Cancelled' ? null : '30-45 minutes',
        progress: PROGRESS[job.status],
        assignedTo: job.assignedTo,
        notes: null,
        createdAt,
        updatedAt,
      });
      history.forEach((status, step) => {
        put(db, 'job_updates', {
          id: mintIntegerId(db, 'job_updates'),
          jobId: id,
          message: step === 0 ? `Job created: ${job.service}` : `Status changed to ${status}`,
          status,
          createdAt: at(-job.hoursAgo * HOUR + step * 15 * 60 * 1000),
        });
      });
    }

    // Pending bookings.
    const bookings = [
      {
        name: 'Chris Evans',
        phone: '0423 456 701',
        service: 'Jump Start Service',
        urgency: 'same-day',
        days: 0,
        time: '02:30 PM',
        location: 'Pegs Creek, Karratha',
      },
      {
        name: 'Dana Lee',
        phone: '0423 456 702',
        service: 'Pre-purchase Inspection',
        urgency: 'scheduled',
        days: 3,
        time: '09:00 AM',
        location: 'Bulgarra, Karratha',
      },
      {
        name: 'Omar Haddad',
        phone: '0423 456 703',
        service: '4x4 Recovery',
        urgency: 'emergency',
        days: 0,
        time: '08:00 AM',
        location: 'Cleaverville Beach track',
      },
    ] as const;
    for (const booking of bookings) {
      const stamp = at(-2 * HOUR);
      put(db, 'bookings', {
        id: mintTextId(db, 'BKG', now),
        customerName: booking.name,
        phone: booking.phone,
        email: `${booking.name.split(' ')[0]!.toLowerCase()}@example.com`,
        service: booking.service,
        location: booking.location,
        preferredDate: dateOnly(booking.days * DAY),
        preferredTime: booking.time,
        urgency: booking.urgency,
        description: `Please help with ${booking.service.toLowerCase()} at ${booking.location}.`,
        vehicleDetails: 'Toyota Hilux 2019, white',
        status: 'pending',
        createdAt: stamp,
        updatedAt: stamp,
      });
    }

    // Contact messages, one urgent.
    const contacts = [
      {
        first: 'Hannah',
        last: 'Price',
        phone: '0434 567 801',
        service: URGENT_CONTACT_SERVICE,
        message: 'Car broke down on the Dampier road, need a tow as soon as possible.',
      },
      {
        first: 'Mick',
        last: 'Doyle',
        phone: '0434 567 802',
        service: 'General Inquiry',
        message: 'Do you service Point Samson on weekends?',
      },
      {
        first: 'Sofia',
        last: 'Rossi',
        phone: '0434 567 803',
        service: 'Automotive Repair',
        message: 'My ute is making a grinding noise when braking. Can you take a look this week?',
      },
    ];
    contacts.forEach((contact, n) => {
      const stamp = at(-(n + 1) * 5 * HOUR);
      const email = `${contact.first.toLowerCase()}@example.com`;
      putRow(db, 'contact_submissions', {
        id: mintIntegerId(db, 'contact_submissions'),
        firstName: contact.first,
        lastName: contact.last,
        phone: contact.phone,
        email,
        serviceNeeded: contact.service,
        message: contact.message,
        createdAt: stamp,
      });
      const urgent = contact.service === URGENT_CONTACT_SERVICE;
      put(db, 'emails', {
        id: mintIntegerId(db, 'emails'),
        to: 'jobs@example.com',
        subject: `${urgent ? 'URGENT: ' : ''}New contact message from ${contact.first} ${contact.last} (${contact.service})`,
        htmlContent: `<p>${contact.message}</p>`,
        customerInfo: {
          name: `${contact.first} ${contact.last}`,
          phone: contact.phone,
          email,
          service: contact.service,
          message: contact.message,
        },
        timestamp: stamp,
        sent: n !== 2,
      });
    });

    // Quotes in every status; the draft is the automatic quote of the completed job.
    // Quotes and invoices are stored oldest first too (their numbers follow issue order): each
    // is gathered with its time, then written in time order below.
    const quoteWrites: { at: string; write: () => void }[] = [];
    const sales: {
      at: number;
      quoteId: string;
      payments: PastSale['payments'];
      credit?: PastSale['credit'];
      buyerAbn?: string;
    }[] = [];
    const completedJob = getRow<Job>(db, 'jobs', jobIds[3] as string) as Job;
    const autoQuote = autoQuoteForCompletedJob(
      completedJob,
      completedJob.updatedAt,
      mintTextId(db, 'Q', now),
    );
    quoteWrites.push({
      at: autoQuote.createdAt,
      write: () => put(db, 'quotes', { ...autoQuote, customerEmail: 'jack@example.com' }),
    });
    const quotes: {
      status: QuoteStatus;
      name: string;
      service: string;
      from: string;
      to: string;
      distance: number;
      discount: number;
      items: DemoItem[];
      days: number;
    }[] = [
      {
        status: 'sent',
        name: 'Mining Co. Site Services',
        service: 'Heavy Vehicle Recovery',
        from: 'Karratha',
        to: 'Tom Price',
        distance: 330,
        discount: 10,
        items: [
          item('Emergency Towing', 'service', 18000),
          item('Tow Strap Heavy Duty', 'parts', 4500, 2),
        ],
        days: 2,
      },
      {
        status: 'accepted',
        name: 'Beth Carter',
        service: 'Long Distance Towing',
        from: 'Karratha',
        to: 'Port Hedland',
        distance: 240,
        discount: 5,
        items: [
          item('Long Distance Towing', 'service', 15000),
          item('Mileage Charge per km', 'misc', 450, 240),
        ],
        days: 5,
      },
      {
        status: 'rejected',
        name: 'Gary Holt',
        service: 'Vehicle Repairs',
        from: 'Wickham',
        to: 'Wickham',
        distance: 0,
        discount: 0,
        items: [item('Vehicle Repairs', 'service', 9500), item('Oil Change', 'parts', 8500)],
        days: 9,
      },
      {
        status: 'expired',
        name: 'Nina Park',
        service: 'Roadside Assistance',
        from: 'Dampier',
        to: 'Dampier',
        distance: 0,
        discount: 0,
        items: [item('Roadside Assistance', 'service', 12000), item('Call-out Fee', 'misc', 7500)],
        days: 30,
      },
    ];
    quotes.forEach((quote, n) => {
      const createdAt = at(-quote.days * DAY);
      const stored = buildQuote(
        {
          customerName: quote.name,
          customerPhone: `0445 678 90${n}`,
          customerEmail: `quotes${n}@example.com`,
          vehicleType: n === 0 ? 'Mining haul support vehicle' : 'Ute',
          service: quote.service,
          fromLocation: quote.from,
          toLocation: quote.to,
          distance: quote.distance,
          notes: null,
          discountPercent: quote.discount,
          validDays: 14,
          items: quote.items,
        },
        { id: mintTextId(db, 'Q', now), now: createdAt },
      );
      quoteWrites.push({
        at: createdAt,
        write: () => put(db, 'quotes', { ...stored, status: quote.status }),
      });
      // Beth accepted a day later (her invoice raised with it) and paid by transfer.
      if (quote.status === 'accepted')
        sales.push({
          at: -(quote.days - 1) * DAY,
          quoteId: stored.id,
          payments: [{ share: 'all', daysLater: 2, method: 'bank-transfer' }],
        });
    });

    // Five months of earlier work, invoiced on acceptance and paid (or not) since.
    for (const [index, sale] of PAST_SALES.entries()) {
      const createdAt = at(-sale.daysAgo * DAY);
      const quote = buildQuote(
        {
          customerName: sale.name,
          // Each customer their own number: who owes what is by customer (issue 28).
          customerPhone: `0455 100 2${String(index).padStart(2, '0')}`,
          customerEmail: `${sale.name.split(' ')[0]!.toLowerCase()}@example.com`,
          vehicleType: null,
          service: sale.service,
          fromLocation: sale.from,
          toLocation: sale.to,
          distance: 0,
          notes: null,
          discountPercent: sale.discount,
          validDays: 14,
          items: sale.items,
        },
        { id: mintTextId(db, 'Q', now), now: createdAt },
      );
      quoteWrites.push({
        at: createdAt,
        write: () => put(db, 'quotes', { ...quote, status: 'accepted' }),
      });
      sales.push({
        at: -sale.daysAgo * DAY,
        quoteId: quote.id,
        payments: sale.payments,
        ...(sale.credit ? { credit: sale.credit } : {}),
        ...(sale.buyerAbn ? { buyerAbn: sale.buyerAbn } : {}),
      });
    }
    for (const quote of quoteWrites.sort((a, b) => a.at.localeCompare(b.at))) quote.write();
    for (const sale of sales.sort((a, b) => a.at - b.at))
      sell(sale.quoteId, sale.at, sale.payments, sale.credit, sale.buyerAbn);

    /** Raises a quote's invoice at `offsetMs` from now, then applies its payments and credit. */
    function sell(
      quoteId: string,
      offsetMs: number,
      payments: PastSale['payments'],
      credit?: PastSale['credit'],
      buyerAbn?: string,
    ): void {
      const quote = getRow<Parameters<typeof raiseInvoice>[0]>(db, 'quotes', quoteId)!;
      let invoice: Invoice = raiseInvoice(quote, {
        id: mintTextId(db, 'INV', now),
        now: at(offsetMs),
        buyerAbn: buyerAbn ?? null,
      });
      put(db, 'invoices', invoice);
      const paid: Payment[] = [];
      for (const payment of payments) {
        const when = at(offsetMs + payment.daysLater * DAY);
        const amount =
          payment.share === 'all'
            ? invoice.amount - invoice.amountPaid
            : Math.floor(invoice.amount / 2);
        const outcome = applyPayment(
          invoice,
          paid,
          {
            id: mintIntegerId(db, 'payments'),
            invoiceId: invoice.id,
            amount,
            method: payment.method,
            reference: payment.method === 'bank-transfer' ? `EFT ${documentRef(invoice)}` : null,
            paidAt: when,
            stripePaymentIntentId: null,
            recordedBy: null,
            createdAt: when,
          },
          when,
        );
        if (!outcome.ok) throw new Error(outcome.message);
        invoice = outcome.invoice;
        paid.push(put<Payment>(db, 'payments', outcome.payment));
      }
      if (credit) {
        const when = at(offsetMs + credit.daysLater * DAY);
        const outcome = issueCreditNote(
          invoice,
          { id: mintTextId(db, 'CN', now), amount: credit.amount, reason: credit.reason },
          when,
        );
        if (!outcome.ok) throw new Error(outcome.message);
        invoice = outcome.invoice;
        put(db, 'credit_notes', outcome.creditNote);
      }
      put(db, 'invoices', invoice);
    }

    // The completed job has been rated.
    put(db, 'feedback', {
      id: mintIntegerId(db, 'feedback'),
      jobId: jobIds[3],
      rating: 5,
      serviceQuality: 5,
      responseTime: 4,
      communication: 5,
      value: 5,
      comments: 'Pulled us out of the bog in no time. Great work.',
      recommend: 'yes',
      improvements: null,
      createdAt: at(-24 * HOUR),
    });
  }).immediate();
  return true;
}
