CREATE TABLE "fee_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"fee_id" integer NOT NULL,
	"name" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"percent_bps" integer DEFAULT 0 NOT NULL,
	"minimum_cents" integer DEFAULT 0 NOT NULL,
	"bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"band_basis" text DEFAULT 'weight' NOT NULL,
	"free_days" integer DEFAULT 0 NOT NULL,
	"gct_applies" boolean DEFAULT false NOT NULL,
	"effective_from" date NOT NULL,
	"effective_to" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"applies_to" text NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"percent_bps" integer NOT NULL,
	"effective_from" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"claim_no" text NOT NULL,
	"package_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"insured_value_usd_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"approved_usd_cents" integer,
	"decision_reason" text,
	"opened_by_user" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "insure_by_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "insured" boolean;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "storage_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "storage_days" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "fee_version_id" integer;--> statement-breakpoint
ALTER TABLE "fee_versions" ADD CONSTRAINT "fee_versions_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_versions" ADD CONSTRAINT "fee_versions_fee_id_fees_id_fk" FOREIGN KEY ("fee_id") REFERENCES "public"."fees"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_versions" ADD CONSTRAINT "fee_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fees" ADD CONSTRAINT "fees_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_opened_by_user_users_id_fk" FOREIGN KEY ("opened_by_user") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD CONSTRAINT "insurance_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fee_versions_courier_id_fee_id_effective_from_index" ON "fee_versions" USING btree ("courier_id","fee_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "fees_courier_id_code_index" ON "fees" USING btree ("courier_id","code") WHERE "fees"."code" is not null;--> statement-breakpoint
CREATE INDEX "fees_courier_id_index" ON "fees" USING btree ("courier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_rates_country_code_effective_from_index" ON "tax_rates" USING btree ("country","code","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_claims_courier_id_claim_no_index" ON "insurance_claims" USING btree ("courier_id","claim_no");--> statement-breakpoint
CREATE INDEX "insurance_claims_courier_id_package_id_index" ON "insurance_claims" USING btree ("courier_id","package_id");--> statement-breakpoint
CREATE INDEX "insurance_claims_courier_id_customer_id_index" ON "insurance_claims" USING btree ("courier_id","customer_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_fee_version_id_fee_versions_id_fk" FOREIGN KEY ("fee_version_id") REFERENCES "public"."fee_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Jamaica's GCT as a dated entry: 15% since 1 April 2020.
INSERT INTO "tax_rates" ("country", "code", "name", "percent_bps", "effective_from") VALUES ('JM', 'GCT', 'General Consumption Tax', 1500, '2020-04-01');
--> statement-breakpoint
-- Today's fees become entries of the engine with the same figures, in force since long before any
-- invoice (written "then" too, so an old invoice priced again finds them).
INSERT INTO "fees" ("courier_id", "code", "name", "applies_to", "created_at")
SELECT c."id", f."code", f."name", f."applies_to", '2000-01-01T00:00:00Z'
FROM "couriers" c
CROSS JOIN (VALUES ('gct', 'GCT', 'invoice'), ('unknown', 'Unknown Fee', 'package'), ('uncollected', 'Uncollected Fee', 'package'),
  ('switching', 'Switching Fee', 'package'), ('processing', 'Processing Fee', 'package')) AS f("code", "name", "applies_to");
--> statement-breakpoint
INSERT INTO "fee_versions" ("courier_id", "fee_id", "name", "method", "amount_cents", "percent_bps", "bands", "effective_from", "created_at")
SELECT f."courier_id", f."id", f."name",
  CASE f."code" WHEN 'gct' THEN 'percent_freight' WHEN 'processing' THEN 'threshold' ELSE 'fixed' END,
  CASE f."code" WHEN 'unknown' THEN coalesce(s."unknown_fee_cents", 0) WHEN 'uncollected' THEN coalesce(s."uncollected_fee_cents", 0)
    WHEN 'switching' THEN coalesce(s."switching_fee_cents", 0) ELSE 0 END,
  CASE f."code" WHEN 'gct' THEN coalesce(s."gct_tenths_percent", 0) * 10 ELSE 0 END,
  CASE f."code" WHEN 'processing' THEN coalesce((
    SELECT jsonb_agg(jsonb_build_object('from', p."min_weight_lbs", 'to', p."max_weight_lbs", 'cents', p."fee_cents") ORDER BY p."min_weight_lbs", p."max_weight_lbs", p."id")
    FROM "processing_fees" p WHERE p."courier_id" = f."courier_id"), '[]'::jsonb) ELSE '[]'::jsonb END,
  '2000-01-01', '2000-01-01T00:00:00Z'
FROM "fees" f
LEFT JOIN "courier_fee_settings" s ON s."courier_id" = f."courier_id";
--> statement-breakpoint
-- Lines already issued name the fee that made them.
UPDATE "invoice_lines" l SET "fee_version_id" = v."id"
FROM "fee_versions" v JOIN "fees" f ON f."id" = v."fee_id"
WHERE f."courier_id" = l."courier_id"
  AND f."code" = CASE l."kind" WHEN 'gct' THEN 'gct' WHEN 'unknown_fee' THEN 'unknown' WHEN 'uncollected_fee' THEN 'uncollected'
    WHEN 'switching_fee' THEN 'switching' WHEN 'processing_fee' THEN 'processing' END;
