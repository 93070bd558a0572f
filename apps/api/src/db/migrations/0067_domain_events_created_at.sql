CREATE INDEX IF NOT EXISTS "domain_events_created_at_index" ON "domain_events" USING btree ("created_at");
