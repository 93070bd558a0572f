CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "packages_search_trgm_idx" ON "packages" USING gin ("package_number" gin_trgm_ops, "tracking_number" gin_trgm_ops, "merchant" gin_trgm_ops, "description" gin_trgm_ops);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "package_status_counts" (
	"courier_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "package_status_counts_courier_id_status_index" ON "package_status_counts" USING btree ("courier_id","status");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION package_status_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO package_status_counts (courier_id, status, n)
  SELECT courier_id, status, count(*) FROM added GROUP BY courier_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION package_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Old rows count -1, new rows +1: a statement that moved no package between statuses or couriers adds nothing.
  INSERT INTO package_status_counts (courier_id, status, n)
  SELECT courier_id, status, sum(d)::int FROM (
    SELECT courier_id, status, -1 AS d FROM before_rows
    UNION ALL
    SELECT courier_id, status, 1 FROM after_rows
  ) moves GROUP BY courier_id, status HAVING sum(d) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION package_status_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO package_status_counts (courier_id, status, n)
  SELECT courier_id, status, -count(*) FROM removed GROUP BY courier_id, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION package_status_counts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM package_status_counts;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER packages_status_counts_insert AFTER INSERT ON packages REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION package_status_counts_added();
--> statement-breakpoint
CREATE TRIGGER packages_status_counts_update AFTER UPDATE ON packages REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION package_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER packages_status_counts_delete AFTER DELETE ON packages REFERENCING OLD TABLE AS removed
  FOR EACH STATEMENT EXECUTE FUNCTION package_status_counts_removed();
--> statement-breakpoint
CREATE TRIGGER packages_status_counts_truncate AFTER TRUNCATE ON packages
  FOR EACH STATEMENT EXECUTE FUNCTION package_status_counts_emptied();
--> statement-breakpoint
INSERT INTO package_status_counts (courier_id, status, n)
SELECT courier_id, status, count(*) FROM packages GROUP BY courier_id, status;
