CREATE INDEX IF NOT EXISTS "packages_courier_tracking_idx" ON "packages" USING btree ("courier_id","tracking_number");
