-- A courier in test mode may move its clock ahead (whole days) to see storage, free days,
-- reminders and fees fall due; a live courier's clock is real time (the column is ignored).
ALTER TABLE "couriers" ADD COLUMN "test_clock_days" integer DEFAULT 0 NOT NULL;
