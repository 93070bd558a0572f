CREATE INDEX IF NOT EXISTS "invoice_lines_courier_id_package_id_index" ON "invoice_lines" USING btree ("courier_id","package_id");
