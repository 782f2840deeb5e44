-- Uploads the server finished (issue 27). A phone whose link dropped just as the last byte
-- arrived never got the answer; when it asks how far the server got (tus HEAD), the partial
-- upload is already stored under its hash and removed, and a "not found" made the phone send
-- the whole photo again over one bar of signal. The server now remembers each finished upload
-- (its id, who sent it, its length) for as long as partial uploads are kept, and answers that
-- HEAD with the whole length: nothing is sent twice.
CREATE TABLE finished_uploads (
  id TEXT PRIMARY KEY,
  uploaderId TEXT NOT NULL,
  size INTEGER NOT NULL CHECK (size >= 0),
  finishedAt TEXT NOT NULL
);
CREATE INDEX finished_uploads_at ON finished_uploads (finishedAt);
