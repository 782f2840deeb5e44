-- Inbound texts are applied once, the newest by its time: a STOP or START the SMS provider
-- signed could be captured and posted again later, and a replayed START undid a later STOP.
--
-- Every inbound text the server heard, by the provider's MessageSid: a second delivery of the
-- same text changes nothing. `sentAt` is when the provider says the customer sent it (its
-- Message resource), `outcome` what the server did with it.
CREATE TABLE sms_inbound (
  messageSid TEXT PRIMARY KEY,
  phone TEXT NOT NULL,
  keyword TEXT CHECK (keyword IS NULL OR keyword IN ('stop', 'start')),
  sentAt TEXT,
  receivedAt TEXT NOT NULL,
  outcome TEXT NOT NULL CHECK (outcome IN ('applied', 'older', 'stale', 'no-keyword'))
);

-- The latest change of each number's texts, whatever made it (a reply, the tracking page), with
-- the time it was made: a keyword sent before it is older news and is not applied.
CREATE TABLE sms_consent_changes (
  phone TEXT PRIMARY KEY,
  state TEXT NOT NULL CHECK (state IN ('out', 'in')),
  at TEXT NOT NULL,
  source TEXT NOT NULL
);
INSERT INTO sms_consent_changes (phone, state, at, source)
  SELECT phone, 'out', createdAt, source FROM sms_opt_outs;
