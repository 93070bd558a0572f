CREATE INDEX IF NOT EXISTS "domain_events_created_at_index" ON "domain_events" USING btree ("created_at");
--> statement-breakpoint
CREATE TABLE "invoice_delivery_fees" (
	"delivery_request_id" integer PRIMARY KEY NOT NULL REFERENCES "delivery_requests"("id") ON DELETE CASCADE,
	"courier_id" integer NOT NULL REFERENCES "couriers"("id"),
	"invoice_id" integer NOT NULL REFERENCES "invoices"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "invoice_delivery_fees_invoice_id_index" ON "invoice_delivery_fees" USING btree ("invoice_id");--> statement-breakpoint
INSERT INTO "invoice_delivery_fees" ("delivery_request_id", "courier_id", "invoice_id")
	SELECT d."id", d."courier_id", d."fee_invoice_id" FROM "delivery_requests" d
	WHERE d."fee_invoice_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "invoices" i WHERE i."id" = d."fee_invoice_id");--> statement-breakpoint
ALTER TABLE "delivery_requests" DROP COLUMN "fee_invoice_id";
