ALTER TABLE "packages" ADD COLUMN "leaving" text;--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"fee_cents" integer NOT NULL,
	"fee_name" text NOT NULL,
	"fee_version_id" integer,
	"note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"return_tracking_number" text,
	"staff_note" text,
	"invoice_id" integer,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_fee_version_id_fee_versions_id_fk" FOREIGN KEY ("fee_version_id") REFERENCES "public"."fee_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_requests_courier_id_status_index" ON "return_requests" USING btree ("courier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_live_package" ON "return_requests" USING btree ("package_id") WHERE "return_requests"."status" <> 'cancelled';
--> statement-breakpoint
-- Every courier gets the return and discard fees of the default fee book (written now: invoices
-- already issued, priced again, stay as they were).
INSERT INTO "fees" ("courier_id", "code", "name", "applies_to", "created_at")
SELECT c."id", d."code", d."name", 'service_request', now()
FROM "couriers" c
CROSS JOIN (VALUES ('return_to_sender', 'Return to sender'), ('discard', 'Discard')) AS d("code", "name")
WHERE NOT EXISTS (SELECT 1 FROM "fees" x WHERE x."courier_id" = c."id" AND x."code" = d."code");
--> statement-breakpoint
INSERT INTO "fee_versions" ("courier_id", "fee_id", "name", "method", "amount_cents", "percent_bps", "minimum_cents", "bands", "band_basis", "free_days", "effective_from", "created_at")
SELECT f."courier_id", f."id", f."name", 'fixed', d."amount_cents", 0, 0, '[]'::jsonb, 'weight', 0, '2000-01-01'::date, now()
FROM "fees" f
JOIN (VALUES ('return_to_sender', 200000), ('discard', 50000)) AS d("code", "amount_cents") ON d."code" = f."code"
WHERE NOT EXISTS (SELECT 1 FROM "fee_versions" v WHERE v."fee_id" = f."id");
