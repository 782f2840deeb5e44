-- Every table of spec/staff-and-data.md §3, plus the server's own bookkeeping.
--
-- Column names are exactly the entities' camelCase field names. Money is INTEGER cents, fuel
-- volume INTEGER thousandths of a litre, dates ISO-8601 UTC TEXT, JSON as TEXT, booleans
-- INTEGER 0/1. Ids: TEXT for jobs, bookings, quotes and invoices (JOB-2026-123 …); INTEGER
-- PRIMARY KEY elsewhere. Devices supply ids from leased blocks (docs/sync.md) and the server can
-- mint them through id_series, so nothing relies on AUTOINCREMENT.
--
-- Foreign keys have no ON DELETE CASCADE on purpose: a cascade would delete rows behind the
-- sync change log's back, so whoever deletes a parent deletes (and logs) its children first.

CREATE TABLE users (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE,
  password TEXT NOT NULL,
  email TEXT UNIQUE,
  firstName TEXT,
  lastName TEXT,
  phone TEXT,
  role TEXT NOT NULL DEFAULT 'customer',
  isActive INTEGER NOT NULL DEFAULT 1,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);

CREATE TABLE contact_submissions (
  id INTEGER PRIMARY KEY,
  firstName TEXT NOT NULL,
  lastName TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT NOT NULL,
  serviceNeeded TEXT NOT NULL,
  message TEXT NOT NULL,
  createdAt TEXT NOT NULL
);

CREATE TABLE jobs (
  id TEXT PRIMARY KEY,
  customerName TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT,
  status TEXT NOT NULL DEFAULT 'Assigned',
  service TEXT NOT NULL,
  location TEXT NOT NULL,
  estimatedArrival TEXT,
  progress INTEGER NOT NULL DEFAULT 0,
  assignedTo TEXT,
  notes TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX jobs_phone ON jobs (phone);
CREATE INDEX jobs_customer_name ON jobs (customerName COLLATE NOCASE);

CREATE TABLE job_updates (
  id INTEGER PRIMARY KEY,
  jobId TEXT NOT NULL REFERENCES jobs (id),
  message TEXT,
  status TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX job_updates_job ON job_updates (jobId);

CREATE TABLE emails (
  id INTEGER PRIMARY KEY,
  "to" TEXT NOT NULL,
  subject TEXT NOT NULL,
  htmlContent TEXT,
  customerInfo TEXT,
  timestamp TEXT NOT NULL,
  sent INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE bookings (
  id TEXT PRIMARY KEY,
  customerName TEXT NOT NULL,
  phone TEXT NOT NULL,
  email TEXT,
  service TEXT NOT NULL,
  location TEXT NOT NULL,
  preferredDate TEXT,
  preferredTime TEXT,
  urgency TEXT NOT NULL DEFAULT 'scheduled',
  description TEXT,
  vehicleDetails TEXT,
  status TEXT NOT NULL DEFAULT 'pending',
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX bookings_status ON bookings (status);

-- jobId is deliberately not a foreign key: feedback outlives the job it rates (finished jobs
-- may be deleted), and it is unique so each job is rated once.
CREATE TABLE feedback (
  id INTEGER PRIMARY KEY,
  jobId TEXT NOT NULL UNIQUE,
  rating INTEGER NOT NULL,
  serviceQuality INTEGER NOT NULL,
  responseTime INTEGER NOT NULL,
  communication INTEGER NOT NULL,
  value INTEGER NOT NULL,
  comments TEXT NOT NULL,
  recommend TEXT NOT NULL,
  improvements TEXT,
  createdAt TEXT NOT NULL
);

CREATE TABLE quotes (
  id TEXT PRIMARY KEY,
  customerName TEXT NOT NULL,
  customerPhone TEXT NOT NULL,
  customerEmail TEXT,
  vehicleType TEXT,
  service TEXT,
  fromLocation TEXT,
  toLocation TEXT,
  distance REAL NOT NULL DEFAULT 0,
  items TEXT NOT NULL DEFAULT '[]',
  itemsSubtotal INTEGER NOT NULL DEFAULT 0,
  basePrice INTEGER NOT NULL DEFAULT 0,
  discountPercent REAL NOT NULL DEFAULT 0,
  discountAmount INTEGER NOT NULL DEFAULT 0,
  finalPrice INTEGER NOT NULL DEFAULT 0,
  notes TEXT,
  validUntil TEXT,
  status TEXT NOT NULL DEFAULT 'draft',
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX quotes_status ON quotes (status);

CREATE TABLE vehicles (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  make TEXT NOT NULL,
  model TEXT NOT NULL,
  year INTEGER,
  registration TEXT NOT NULL UNIQUE,
  vin TEXT UNIQUE,
  type TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'Excellent',
  mileage INTEGER NOT NULL DEFAULT 0,
  serviceInterval INTEGER NOT NULL DEFAULT 10000,
  nextService TEXT,
  lastServiceDate TEXT,
  engineType TEXT,
  engineSize TEXT,
  fuelType TEXT NOT NULL DEFAULT 'Diesel',
  transmission TEXT,
  driveType TEXT,
  modifications TEXT NOT NULL DEFAULT '[]',
  specialFeatures TEXT NOT NULL DEFAULT '[]',
  towingCapacity INTEGER,
  gvm INTEGER,
  alerts TEXT NOT NULL DEFAULT '[]',
  description TEXT,
  insuranceExpiry TEXT,
  registrationExpiry TEXT,
  isActive INTEGER NOT NULL DEFAULT 1,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);

CREATE TABLE service_records (
  id INTEGER PRIMARY KEY,
  vehicleId INTEGER NOT NULL REFERENCES vehicles (id),
  invoiceNumber TEXT UNIQUE,
  serviceType TEXT NOT NULL,
  description TEXT NOT NULL,
  servicedBy TEXT NOT NULL,
  laborCost INTEGER NOT NULL DEFAULT 0,
  partsCost INTEGER NOT NULL DEFAULT 0,
  totalCost INTEGER NOT NULL DEFAULT 0,
  mileageAtService INTEGER,
  partsReplaced TEXT,
  workPerformed TEXT,
  nextServiceDue TEXT,
  warranty TEXT,
  invoiceDate TEXT NOT NULL,
  isPaid INTEGER NOT NULL DEFAULT 0,
  notes TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX service_records_vehicle ON service_records (vehicleId);

CREATE TABLE fuel_records (
  id INTEGER PRIMARY KEY,
  vehicleId INTEGER NOT NULL REFERENCES vehicles (id),
  dateTime TEXT NOT NULL,
  location TEXT NOT NULL,
  fuelType TEXT NOT NULL,
  liters INTEGER NOT NULL,
  pricePerLiter INTEGER,
  totalCost INTEGER NOT NULL DEFAULT 0,
  odometerReading INTEGER,
  fillType TEXT NOT NULL DEFAULT 'Full',
  efficiency REAL,
  driver TEXT,
  receipt TEXT,
  notes TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX fuel_records_vehicle ON fuel_records (vehicleId);

CREATE TABLE mileage_records (
  id INTEGER PRIMARY KEY,
  vehicleId INTEGER NOT NULL REFERENCES vehicles (id),
  dateTime TEXT NOT NULL,
  startOdometer INTEGER,
  endOdometer INTEGER,
  distance INTEGER,
  purpose TEXT,
  jobId TEXT,
  startLocation TEXT,
  endLocation TEXT,
  driver TEXT,
  notes TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX mileage_records_vehicle ON mileage_records (vehicleId);

CREATE TABLE fleet_expenses (
  id INTEGER PRIMARY KEY,
  vehicleId INTEGER NOT NULL REFERENCES vehicles (id),
  expenseType TEXT NOT NULL,
  description TEXT,
  amount INTEGER NOT NULL DEFAULT 0,
  vendor TEXT,
  invoiceNumber TEXT,
  expenseDate TEXT,
  category TEXT,
  isPaid INTEGER NOT NULL DEFAULT 0,
  paymentMethod TEXT,
  notes TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX fleet_expenses_vehicle ON fleet_expenses (vehicleId);

CREATE TABLE notifications (
  id INTEGER PRIMARY KEY,
  jobId TEXT,
  quoteId TEXT,
  recipientPhone TEXT,
  recipientEmail TEXT,
  type TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  message TEXT,
  subject TEXT,
  sentAt TEXT,
  error TEXT,
  createdAt TEXT NOT NULL
);

CREATE TABLE notification_preferences (
  id INTEGER PRIMARY KEY,
  customerEmail TEXT NOT NULL UNIQUE,
  customerPhone TEXT,
  smsEnabled INTEGER NOT NULL DEFAULT 1,
  emailEnabled INTEGER NOT NULL DEFAULT 1,
  jobUpdates INTEGER NOT NULL DEFAULT 1,
  marketingEmails INTEGER NOT NULL DEFAULT 0,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);

CREATE TABLE invoices (
  id TEXT PRIMARY KEY,
  jobId TEXT,
  quoteId TEXT,
  customerName TEXT NOT NULL,
  customerEmail TEXT,
  customerPhone TEXT,
  amount INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL DEFAULT 'pending',
  stripePaymentIntentId TEXT,
  stripePaymentLink TEXT,
  lineItems TEXT NOT NULL DEFAULT '[]',
  dueDate TEXT,
  paidAt TEXT,
  createdAt TEXT NOT NULL
);
CREATE INDEX invoices_quote ON invoices (quoteId);

-- Server bookkeeping --------------------------------------------------------------------------

-- Session ids are stored as SHA-256 hashes of the cookie token, so a leaked database file does
-- not hand out live sessions.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  userId INTEGER NOT NULL REFERENCES users (id),
  createdAt TEXT NOT NULL,
  expiresAt TEXT NOT NULL
);
CREATE INDEX sessions_user ON sessions (userId);

-- Public forms are retried from the browser's outbox with an Idempotency-Key header; the first
-- answer is stored and replayed so a retry never writes twice.
CREATE TABLE idempotency_keys (
  key TEXT NOT NULL,
  route TEXT NOT NULL,
  status INTEGER NOT NULL,
  response TEXT NOT NULL,
  createdAt TEXT NOT NULL,
  PRIMARY KEY (key, route)
);

-- Next free number per id series: 'JOB-2026', 'BKG-2026', 'Q-2026', 'INV-2026', and one per
-- integer-id table ('vehicles', 'fuel_records', …). Leases to devices advance it by a block.
CREATE TABLE id_series (
  series TEXT PRIMARY KEY,
  next INTEGER NOT NULL
);
