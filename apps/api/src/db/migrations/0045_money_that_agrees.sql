CREATE TABLE "customs_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"part" text NOT NULL,
	"tariff_class" text,
	"percent_bps" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"threshold_cents" integer DEFAULT 0 NOT NULL,
	"effective_from" date NOT NULL,
	"source" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customs_rates" ADD CONSTRAINT "customs_rates_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customs_rates" ADD CONSTRAINT "customs_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customs_rates_courier_id_part_effective_from_index" ON "customs_rates" USING btree ("courier_id","part","effective_from");--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "tariff_class" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "fees_reviewed_at" timestamp with time zone;--> statement-breakpoint
-- GCT was 16.5% until 31 March 2020 and is 15% from 1 April 2020. A courier whose GCT is 16.5%
-- "since 2000" gets 15% from 1 April 2020, written now: invoices already issued, priced again,
-- keep the 16.5% they charged.
INSERT INTO "fee_versions" ("courier_id", "fee_id", "name", "method", "percent_bps", "effective_from", "created_at")
SELECT f."courier_id", f."id", f."name", 'percent_freight', 1500, '2020-04-01', now()
FROM "fees" f
WHERE f."code" = 'gct'
  AND EXISTS (SELECT 1 FROM "fee_versions" v WHERE v."fee_id" = f."id" AND v."percent_bps" = 1650 AND v."effective_from" < '2020-04-01')
  AND NOT EXISTS (SELECT 1 FROM "fee_versions" v WHERE v."fee_id" = f."id" AND v."effective_from" = '2020-04-01');
--> statement-breakpoint
UPDATE "courier_fee_settings" SET "gct_tenths_percent" = 150 WHERE "gct_tenths_percent" = 165;
--> statement-breakpoint
-- A courier without the processing table gets the default bands on its Processing Fees tab too.
INSERT INTO "processing_fees" ("courier_id", "weight_range", "min_weight_lbs", "max_weight_lbs", "fee_cents")
SELECT c."id", b."weight_range", b."min", b."max", b."cents"
FROM "couriers" c
CROSS JOIN (VALUES ('0.1lbs to 5lbs', 0.1, 5, 30000), ('5lbs to 20lbs', 5, 20, 50000), ('20lbs to 100lbs', 20, 100, 80000)) AS b("weight_range", "min", "max", "cents")
WHERE NOT EXISTS (SELECT 1 FROM "processing_fees" p WHERE p."courier_id" = c."id")
  AND NOT EXISTS (SELECT 1 FROM "fees" f WHERE f."courier_id" = c."id" AND f."code" = 'processing');
--> statement-breakpoint
-- Every courier gets the default fee book's fees it is missing (written now: invoices already
-- issued, priced again, stay as they were).
INSERT INTO "fees" ("courier_id", "code", "name", "applies_to", "created_at")
SELECT c."id", d."code", d."name", d."applies_to", now()
FROM "couriers" c
CROSS JOIN (VALUES
  ('gct', 'GCT', 'invoice'),
  ('processing', 'Processing Fee', 'package'),
  ('unknown', 'Unknown Fee', 'package'),
  ('uncollected', 'Uncollected Fee', 'package'),
  ('switching', 'Switching Fee', 'package'),
  ('storage', 'Storage', 'storage_day'),
  ('insurance', 'Insurance', 'package'),
  ('consolidation', 'Consolidation Fee', 'service_request'),
  ('shop_for_me', 'Shop For Me Fee', 'service_request'),
  ('contents_photo', 'Photo of contents', 'service_request')
) AS d("code", "name", "applies_to")
WHERE NOT EXISTS (SELECT 1 FROM "fees" x WHERE x."courier_id" = c."id" AND x."code" = d."code");
--> statement-breakpoint
INSERT INTO "fee_versions" ("courier_id", "fee_id", "name", "method", "amount_cents", "percent_bps", "minimum_cents", "bands", "band_basis", "free_days", "effective_from", "effective_to", "created_at")
SELECT f."courier_id", f."id", f."name", d."method", d."amount_cents", d."percent_bps", d."minimum_cents", d."bands"::jsonb, d."band_basis", d."free_days", d."effective_from"::date, d."effective_to"::date, now()
FROM "fees" f
JOIN (VALUES
  ('gct', 'percent_freight', 0, 1650, 0, '[]', 'weight', 0, '2000-01-01', '2020-03-31'),
  ('gct', 'percent_freight', 0, 1500, 0, '[]', 'weight', 0, '2020-04-01', NULL),
  ('processing', 'threshold', 0, 0, 0, '[{"from":0.1,"to":5,"cents":30000},{"from":5,"to":20,"cents":50000},{"from":20,"to":100,"cents":80000}]', 'weight', 0, '2000-01-01', NULL),
  ('unknown', 'fixed', 50000, 0, 0, '[]', 'weight', 0, '2000-01-01', NULL),
  ('uncollected', 'fixed', 30000, 0, 0, '[]', 'weight', 0, '2000-01-01', NULL),
  ('switching', 'fixed', 20000, 0, 0, '[]', 'weight', 0, '2000-01-01', NULL),
  ('storage', 'fixed', 10000, 0, 0, '[]', 'weight', 14, '2000-01-01', NULL),
  ('insurance', 'percent_value', 0, 200, 60000, '[]', 'value', 0, '2000-01-01', NULL),
  ('consolidation', 'fixed', 50000, 0, 0, '[]', 'value', 0, '2000-01-01', NULL),
  ('shop_for_me', 'percent_value', 0, 1000, 500, '[]', 'value', 0, '2000-01-01', NULL),
  ('contents_photo', 'fixed', 50000, 0, 0, '[]', 'weight', 0, '2000-01-01', NULL)
) AS d("code", "method", "amount_cents", "percent_bps", "minimum_cents", "bands", "band_basis", "free_days", "effective_from", "effective_to") ON d."code" = f."code"
WHERE NOT EXISTS (SELECT 1 FROM "fee_versions" v WHERE v."fee_id" = f."id");
--> statement-breakpoint
-- Every courier's customs rates, from the published figures (each names its source). Written now:
-- an invoice issued before keeps the duty it was priced with.
INSERT INTO "customs_rates" ("courier_id", "part", "tariff_class", "percent_bps", "amount_cents", "threshold_cents", "effective_from", "source", "created_at")
SELECT c."id", d."part", d."tariff_class", d."percent_bps", d."amount_cents", d."threshold_cents", d."effective_from"::date, d."source", now()
FROM "couriers" c
CROSS JOIN (VALUES
  ('de_minimis', NULL, 0, 0, 5000, '2000-01-01', 'Jamaica Customs Agency: personal items up to US$100 (value of the goods) free of duty and taxes from 1 April 2024, US$50 before (DHL Express notice; Loop Jamaica, 12 Apr 2024)'),
  ('de_minimis', NULL, 0, 0, 10000, '2024-04-01', 'Jamaica Customs Agency: personal items up to US$100 (value of the goods) free of duty and taxes from 1 April 2024, US$50 before (DHL Express notice; Loop Jamaica, 12 Apr 2024)'),
  ('import_duty', NULL, 2000, 0, 0, '2000-01-01', 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff): most goods 20%'),
  ('import_duty', 'clothing_footwear', 2000, 0, 0, '2000-01-01', 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff): HS chapters 61-64, 20%'),
  ('import_duty', 'electronics', 1000, 0, 0, '2000-01-01', 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff): HS chapter 85 consumer electronics, 10% (check your broker''s classification)'),
  ('import_duty', 'mobile_phones', 2000, 0, 0, '2000-01-01', 'Jamaica Customs Agency via JIS, "Jamaica Customs Offers Clarity on the Importation of Mobile Phones" (8 Nov 2018): duty 20%, GCT 25%, levy 0.5%, SCF 0.3% on CIF'),
  ('import_duty', 'computers', 0, 0, 0, '2000-01-01', 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff): HS 8471 computers, 0%'),
  ('import_duty', 'books', 0, 0, 0, '2000-01-01', 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff): HS 4901 printed books, 0%'),
  ('import_duty', 'cosmetics', 2000, 0, 0, '2000-01-01', 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff): HS 3303-3304 perfume and cosmetics, 20%'),
  ('import_duty', 'auto_parts', 3000, 0, 0, '2000-01-01', 'Jamaica Customs Tariff (First Schedule, Customs Act; CARICOM Common External Tariff): HS 8708 motor vehicle parts, 30%'),
  ('scf', NULL, 30, 0, 0, '2000-01-01', 'Jamaica Customs Agency, "Duties, Taxes and Fees on Imported Items Collected by Customs" (jacustoms.gov.jm): SCF 0.3% and environmental levy 0.5% of CIF; stamp duty J$100 on CIF over J$5,500'),
  ('environmental_levy', NULL, 50, 0, 0, '2000-01-01', 'Jamaica Customs Agency, "Duties, Taxes and Fees on Imported Items Collected by Customs" (jacustoms.gov.jm): SCF 0.3% and environmental levy 0.5% of CIF; stamp duty J$100 on CIF over J$5,500'),
  ('import_gct', NULL, 1650, 0, 0, '2000-01-01', 'Tax Administration Jamaica: GCT standard rate 15% from 1 April 2020, 16.5% before'),
  ('import_gct', NULL, 1500, 0, 0, '2020-04-01', 'Tax Administration Jamaica: GCT standard rate 15% from 1 April 2020, 16.5% before'),
  ('import_gct', 'mobile_phones', 2500, 0, 0, '2000-01-01', 'Jamaica Customs Agency via JIS, "Jamaica Customs Offers Clarity on the Importation of Mobile Phones" (8 Nov 2018): duty 20%, GCT 25%, levy 0.5%, SCF 0.3% on CIF'),
  ('import_gct', 'books', 0, 0, 0, '2000-01-01', 'General Consumption Tax Act, Third Schedule: books are zero-rated'),
  ('caf', NULL, 0, 250000, 0, '2000-01-01', 'Jamaica Customs Agency customs administrative fee on a courier (express) entry, J$2,500, as couriers publish it (e.g. aeolusshipping.com/customs)'),
  ('stamp_duty', NULL, 0, 10000, 550000, '2000-01-01', 'Jamaica Customs Agency, "Duties, Taxes and Fees on Imported Items Collected by Customs" (jacustoms.gov.jm): SCF 0.3% and environmental levy 0.5% of CIF; stamp duty J$100 on CIF over J$5,500')
) AS d("part", "tariff_class", "percent_bps", "amount_cents", "threshold_cents", "effective_from", "source")
WHERE NOT EXISTS (SELECT 1 FROM "customs_rates" x WHERE x."courier_id" = c."id");
