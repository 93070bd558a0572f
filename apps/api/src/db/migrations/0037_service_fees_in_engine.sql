ALTER TABLE "consolidation_requests" ADD COLUMN "fee_version_id" integer;--> statement-breakpoint
ALTER TABLE "consolidation_requests" ADD CONSTRAINT "consolidation_requests_fee_version_id_fee_versions_id_fk" FOREIGN KEY ("fee_version_id") REFERENCES "public"."fee_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The services' prices become fee engine entries with each courier's figures (the defaults where it
-- never saved its own: JMD 500.00 a consolidation; Shop For Me 10% of the item cost, at least USD 5),
-- in force since before any request, so quotes and invoices come out the same.
INSERT INTO "fees" ("courier_id", "code", "name", "applies_to", "created_at")
SELECT c."id", f."code", f."name", 'service_request', '2000-01-01T00:00:00Z'
FROM "couriers" c
CROSS JOIN (VALUES ('consolidation', 'Consolidation Fee'), ('shop_for_me', 'Shop For Me Fee')) AS f("code", "name")
WHERE NOT EXISTS (SELECT 1 FROM "fees" x WHERE x."courier_id" = c."id" AND x."code" = f."code");
--> statement-breakpoint
INSERT INTO "fee_versions" ("courier_id", "fee_id", "name", "method", "amount_cents", "percent_bps", "minimum_cents", "band_basis", "effective_from", "created_at")
SELECT f."courier_id", f."id", f."name",
  CASE f."code" WHEN 'consolidation' THEN 'fixed' ELSE 'percent_value' END,
  CASE f."code" WHEN 'consolidation' THEN coalesce(s."consolidation_fee_cents", 50000) ELSE 0 END,
  CASE f."code" WHEN 'shop_for_me' THEN coalesce(s."shop_fee_percent_tenths", 100) * 10 ELSE 0 END,
  CASE f."code" WHEN 'shop_for_me' THEN coalesce(s."shop_fee_minimum_usd_cents", 500) ELSE 0 END,
  'value', '2000-01-01', '2000-01-01T00:00:00Z'
FROM "fees" f
LEFT JOIN "courier_service_fees" s ON s."courier_id" = f."courier_id"
WHERE f."code" IN ('consolidation', 'shop_for_me')
  AND NOT EXISTS (SELECT 1 FROM "fee_versions" v WHERE v."fee_id" = f."id");
--> statement-breakpoint
-- Requests and invoice lines already made name the fee that made them.
UPDATE "consolidation_requests" r SET "fee_version_id" = v."id"
FROM "fee_versions" v JOIN "fees" f ON f."id" = v."fee_id"
WHERE f."courier_id" = r."courier_id" AND f."code" = 'consolidation' AND v."effective_from" = '2000-01-01';
--> statement-breakpoint
UPDATE "invoice_lines" l SET "fee_version_id" = v."id"
FROM "fee_versions" v JOIN "fees" f ON f."id" = v."fee_id"
WHERE f."courier_id" = l."courier_id" AND v."effective_from" = '2000-01-01' AND l."fee_version_id" IS NULL
  AND ((l."kind" = 'consolidation_fee' AND f."code" = 'consolidation')
    OR (l."kind" = 'shop_for_me' AND l."description" LIKE '% service fee (%' AND f."code" = 'shop_for_me'));
--> statement-breakpoint
ALTER TABLE "courier_service_fees" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "courier_service_fees" CASCADE;
