CREATE INDEX IF NOT EXISTS "customers_courier_active_idx" ON "customers" USING btree ("courier_id","account_type") WHERE "customers"."active";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_courier_id_created_at_index" ON "customers" USING btree ("courier_id","created_at");
