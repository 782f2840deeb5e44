-- Who proved they hold each stored file (issue 25): a row per (file hash, user) written when
-- that user's upload of the bytes completed and hashed right. A photo, signature or defect photo
-- a driver records may name a file the server already holds only if they uploaded it or can see
-- a record that names it; this is the "uploaded it" half. Server-only: never synced.
CREATE TABLE file_uploads (
  hash TEXT NOT NULL,
  userId INTEGER NOT NULL,
  createdAt TEXT NOT NULL,
  PRIMARY KEY (hash, userId)
);
