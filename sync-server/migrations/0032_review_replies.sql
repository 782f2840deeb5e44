-- Reviews read and answered: the owners' emailed answers to a review, kept with it (JSON).
ALTER TABLE feedback ADD COLUMN replies TEXT;
