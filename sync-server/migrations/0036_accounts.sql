-- Accounts: the mine sites, fleets, roadside clubs, police and insurers that pay on account, and
-- the owners' price lists. Both are synced tables, made and edited offline by the owners like
-- every other staff record. Contacts, sites (with their inductions), terms and the PO rule are
-- JSON, edited as one record.
--
-- Numbered 0027 to leave 0023-0026 to the other work of the same round; numbers are forward-only.

CREATE TABLE accounts (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  type TEXT NOT NULL
    CHECK (type IN ('mine-site', 'fleet', 'roadside-club', 'police', 'insurer', 'cash')),
  legalName TEXT NOT NULL,
  abn TEXT,
  billingEmail TEXT,
  contacts TEXT NOT NULL DEFAULT '[]',
  sites TEXT NOT NULL DEFAULT '[]',
  terms TEXT NOT NULL DEFAULT '{"kind":"days","days":14}',
  creditLimitCents INTEGER NOT NULL DEFAULT 0 CHECK (creditLimitCents >= 0),
  poRule TEXT NOT NULL DEFAULT '{"kind":"none"}',
  notes TEXT,
  isActive INTEGER NOT NULL DEFAULT 1,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);

-- The default list has no account; an account's own list names it. Every saved version is kept
-- (`versions`, JSON, oldest first): a price on an issued document was copied onto it, so no
-- version ever has to be changed.
CREATE TABLE price_lists (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  accountId INTEGER REFERENCES accounts (id),
  versions TEXT NOT NULL DEFAULT '[]',
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE UNIQUE INDEX price_lists_account ON price_lists (accountId) WHERE accountId IS NOT NULL;

-- Work on account: bookings, jobs and quotes carry the account, its site (an id within the
-- account's sites) and the customer's PO number. Nullable: a one-off customer has none.
ALTER TABLE bookings ADD COLUMN accountId INTEGER;
ALTER TABLE bookings ADD COLUMN siteId TEXT;
ALTER TABLE bookings ADD COLUMN poNumber TEXT;
-- The server's reading of the account's credit when the booking arrived.
ALTER TABLE bookings ADD COLUMN creditHold TEXT;
ALTER TABLE jobs ADD COLUMN accountId INTEGER;
ALTER TABLE jobs ADD COLUMN siteId TEXT;
ALTER TABLE jobs ADD COLUMN poNumber TEXT;
-- What an owner decided when the job was opened on credit hold.
ALTER TABLE jobs ADD COLUMN creditHoldNote TEXT;
ALTER TABLE quotes ADD COLUMN accountId INTEGER;
ALTER TABLE quotes ADD COLUMN siteId TEXT;
ALTER TABLE quotes ADD COLUMN poNumber TEXT;
-- The multiplier a quote was priced with, fixed on it (the price list may change afterwards).
ALTER TABLE quotes ADD COLUMN multiplierBasisPoints INTEGER;
ALTER TABLE quotes ADD COLUMN multiplierLocation TEXT;
-- What an invoice on account prints: the account billed, the site, the PO.
ALTER TABLE invoices ADD COLUMN accountId INTEGER;
ALTER TABLE invoices ADD COLUMN siteName TEXT;
ALTER TABLE invoices ADD COLUMN poNumber TEXT;

CREATE INDEX jobs_account ON jobs (accountId) WHERE accountId IS NOT NULL;
CREATE INDEX bookings_account ON bookings (accountId) WHERE accountId IS NOT NULL;
CREATE INDEX quotes_account ON quotes (accountId) WHERE accountId IS NOT NULL;
CREATE INDEX invoices_account ON invoices (accountId) WHERE accountId IS NOT NULL;

-- The account's own sign-in: a fourth role, `account`, which always names its account (the
-- server scopes every call of such a sign-in to that account, so one without an account must
-- never exist).
ALTER TABLE users ADD COLUMN accountId INTEGER REFERENCES accounts (id);
CREATE INDEX users_account ON users (accountId) WHERE accountId IS NOT NULL;

DROP TRIGGER users_role_known_insert;
DROP TRIGGER users_role_known_update;

CREATE TRIGGER users_role_known_insert BEFORE INSERT ON users
  WHEN NEW.role NOT IN ('customer', 'driver', 'admin', 'account')
    OR (NEW.role = 'account') <> (NEW.accountId IS NOT NULL)
  BEGIN SELECT RAISE(ABORT, 'unknown role, or an account sign-in without its account'); END;

CREATE TRIGGER users_role_known_update BEFORE UPDATE OF role, accountId ON users
  WHEN NEW.role NOT IN ('customer', 'driver', 'admin', 'account')
    OR (NEW.role = 'account') <> (NEW.accountId IS NOT NULL)
  BEGIN SELECT RAISE(ABORT, 'unknown role, or an account sign-in without its account'); END;
