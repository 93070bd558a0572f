ALTER TABLE "packages" ADD COLUMN IF NOT EXISTS "at_branch_id" integer REFERENCES "branches"("id");--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN IF NOT EXISTS "cleared_at" timestamp with time zone;--> statement-breakpoint
-- Parcels already ready were cleared and sit at their own branch.
UPDATE "packages" SET "cleared_at" = "ready_at", "at_branch_id" = "branch_id" WHERE "ready_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "branch_transfers" (
  "id" serial PRIMARY KEY NOT NULL,
  "courier_id" integer NOT NULL REFERENCES "couriers"("id"),
  "transfer_number" text NOT NULL,
  "from_branch_id" integer NOT NULL REFERENCES "branches"("id"),
  "to_branch_id" integer NOT NULL REFERENCES "branches"("id"),
  "status" text DEFAULT 'draft' NOT NULL,
  "note" text,
  "created_by" integer REFERENCES "users"("id"),
  "sent_by" integer REFERENCES "users"("id"),
  "sent_at" timestamp with time zone,
  "received_by" integer REFERENCES "users"("id"),
  "received_at" timestamp with time zone,
  "cancelled_by" integer REFERENCES "users"("id"),
  "cancelled_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "branch_transfers_courier_id_transfer_number_index" ON "branch_transfers" USING btree ("courier_id","transfer_number");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "branch_transfers_courier_id_status_created_at_index" ON "branch_transfers" USING btree ("courier_id","status","created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "branch_transfer_packages" (
  "id" serial PRIMARY KEY NOT NULL,
  "courier_id" integer NOT NULL REFERENCES "couriers"("id"),
  "transfer_id" integer NOT NULL REFERENCES "branch_transfers"("id"),
  "package_id" integer REFERENCES "packages"("id"),
  "scan_key" text NOT NULL,
  "result" text NOT NULL,
  "added_by" integer REFERENCES "users"("id"),
  "added_at" timestamp with time zone DEFAULT now() NOT NULL,
  "scanned_in_by" integer REFERENCES "users"("id"),
  "scanned_in_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "branch_transfer_packages_courier_id_transfer_id_scan_key_index" ON "branch_transfer_packages" USING btree ("courier_id","transfer_id","scan_key");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "branch_transfer_packages_courier_id_package_id_index" ON "branch_transfer_packages" USING btree ("courier_id","package_id");
