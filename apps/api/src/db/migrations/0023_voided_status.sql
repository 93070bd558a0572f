-- A voided package is in the Voided status, so lists, counts and scans read it as voided
-- (it used to keep the status it had when it was voided).
UPDATE "packages" SET "status" = 'voided', "updated_at" = now() WHERE "voided_at" IS NOT NULL AND "status" <> 'voided';
