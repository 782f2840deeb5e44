-- Issue 16: money and history are not deleted, and a losing approval names the winner.
--
-- Numbered 0012: 0011 is taken by issue 20's positions on its branch.
--
-- A job with history is archived, never erased: `archivedAt` is when (device time), and the
-- job, its history, photos and signatures stay for reports and disputes.
ALTER TABLE jobs ADD COLUMN archivedAt TEXT;

-- Which job approving a booking made, and who approved it: a second approval (another owner,
-- offline) is told "Alex Morgan already approved this booking as JOB-2026-1008".
ALTER TABLE bookings ADD COLUMN approvedJobId TEXT;
ALTER TABLE bookings ADD COLUMN approvedBy TEXT;

-- Bookings approved before this migration: their job is the one whose first history row says
-- it was created from the booking.
UPDATE bookings SET approvedJobId = (
  SELECT jobId FROM job_updates WHERE message = 'Job created from booking ' || bookings.id
  ORDER BY id LIMIT 1
) WHERE status = 'approved';
