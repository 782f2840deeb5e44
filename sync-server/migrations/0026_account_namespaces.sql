-- Customers and staff sign in from separate namespaces: a username (or email) is unique among
-- customers and, apart, among staff. Registration said "Username is already taken" for a staff
-- username, so anyone could learn the owners' usernames and lock them out; now it checks only
-- the customers' namespace, and a customer may hold the same name as a staff member without
-- learning it. Sign-in tries the customer account first, then the staff one (routes/auth).
--
-- SQLite cannot drop a column's UNIQUE constraint, so the table is rebuilt. Sessions refer to
-- users; they are set aside while the table is replaced and put back after, so no one is signed
-- out by the upgrade.
CREATE TEMP TABLE sessions_kept AS SELECT * FROM sessions;
DELETE FROM sessions;

CREATE TABLE users_rebuilt (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL,
  password TEXT NOT NULL,
  email TEXT,
  firstName TEXT,
  lastName TEXT,
  phone TEXT,
  role TEXT NOT NULL DEFAULT 'customer',
  isActive INTEGER NOT NULL DEFAULT 1,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
INSERT INTO users_rebuilt (id, username, password, email, firstName, lastName, phone, role,
                           isActive, createdAt, updatedAt)
  SELECT id, username, password, email, firstName, lastName, phone, role, isActive, createdAt,
         updatedAt
    FROM users;
DROP TABLE users;
ALTER TABLE users_rebuilt RENAME TO users;

INSERT INTO sessions SELECT * FROM sessions_kept;
DROP TABLE sessions_kept;

CREATE UNIQUE INDEX users_customer_username ON users (username) WHERE role = 'customer';
CREATE UNIQUE INDEX users_staff_username ON users (username) WHERE role <> 'customer';
CREATE UNIQUE INDEX users_customer_email ON users (email)
  WHERE role = 'customer' AND email IS NOT NULL;
CREATE UNIQUE INDEX users_staff_email ON users (email) WHERE role <> 'customer' AND email IS NOT NULL;
CREATE INDEX users_username ON users (username COLLATE NOCASE);
CREATE INDEX users_role ON users (role, isActive);

-- Migration 0010's guards, which went with the old table.
CREATE TRIGGER users_role_known_insert BEFORE INSERT ON users
  WHEN NEW.role NOT IN ('customer', 'driver', 'admin')
  BEGIN SELECT RAISE(ABORT, 'unknown role'); END;
CREATE TRIGGER users_role_known_update BEFORE UPDATE OF role ON users
  WHEN NEW.role NOT IN ('customer', 'driver', 'admin')
  BEGIN SELECT RAISE(ABORT, 'unknown role'); END;
-- A customer never becomes staff, nor staff a customer: each lives in its own namespace.
CREATE TRIGGER users_namespace_kept BEFORE UPDATE OF role ON users
  WHEN (OLD.role = 'customer') <> (NEW.role = 'customer')
  BEGIN SELECT RAISE(ABORT, 'an account stays a customer or stays staff'); END;
