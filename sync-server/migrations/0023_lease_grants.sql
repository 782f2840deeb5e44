-- Id blocks are the server's word. A device may hold only the blocks the server granted to its
-- client id, of the series its role mints (shared-schema rules/id-leases.ts); a hello that claims
-- any other block is told so and changes nothing. Each grant is recorded with who it went to.
--
-- Rows from before this migration have no origin: most are grants, but a hello could then write
-- one for any block a device claimed (a forged claim pushed counters to their ceiling). The
-- start-time repair (db/id-series.ts `repairPushedCounters`) reads them with that in mind.
ALTER TABLE id_leases ADD COLUMN origin TEXT CHECK (origin IS NULL OR origin = 'granted');
ALTER TABLE id_leases ADD COLUMN userId INTEGER;
ALTER TABLE id_leases ADD COLUMN role TEXT;
-- Grants a device asked for lately (the daily cap per user and series).
CREATE INDEX id_leases_user ON id_leases (userId, series, createdAt) WHERE userId IS NOT NULL;

-- The highest number of the series the server ever handed out itself (a block it granted, an
-- id it minted), as opposed to how far the counter stands. Unknown (NULL) for what came before.
ALTER TABLE id_series ADD COLUMN grantedThrough INTEGER;
