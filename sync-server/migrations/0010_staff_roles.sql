-- Staff roles (docs/security.md): an account is a customer, a driver or an admin.
--
-- Numbered 0010 although main ends at 0007: issue 13 has taken 0008 and issue 19 0009 on their
-- branches, and numbers are forward-only, so this one goes after both.
--
-- Any other role text an older server stored read as an ordinary customer; it becomes one, and
-- from now on the database refuses a role outside the three (a bug can never mint a fourth kind
-- of account that some check forgets).
UPDATE users SET role = 'customer' WHERE role NOT IN ('customer', 'driver', 'admin');

CREATE TRIGGER users_role_known_insert BEFORE INSERT ON users
  WHEN NEW.role NOT IN ('customer', 'driver', 'admin')
  BEGIN SELECT RAISE(ABORT, 'unknown role'); END;

CREATE TRIGGER users_role_known_update BEFORE UPDATE OF role ON users
  WHEN NEW.role NOT IN ('customer', 'driver', 'admin')
  BEGIN SELECT RAISE(ABORT, 'unknown role'); END;

-- The staff list and the drivers offered for assignment read accounts by role.
CREATE INDEX users_role ON users (role, isActive);
