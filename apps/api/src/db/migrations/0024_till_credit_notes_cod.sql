ALTER TABLE "delivery_locations" ADD COLUMN "cash_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "credit_note_no" text;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD COLUMN "branch_id" integer;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Earlier refunds become credit notes, numbered per courier in the order they were made.
UPDATE "payment_refunds" r SET "credit_note_no" = 'CN-' || lpad(n.seq::text, 6, '0')
FROM (SELECT "id", row_number() OVER (PARTITION BY "courier_id" ORDER BY "created_at", "id") AS seq FROM "payment_refunds") n
WHERE n."id" = r."id";--> statement-breakpoint
INSERT INTO "courier_counters" ("courier_id", "name", "value")
SELECT "courier_id", 'credit_note', count(*)::int FROM "payment_refunds" GROUP BY "courier_id"
ON CONFLICT ("courier_id", "name") DO UPDATE SET "value" = GREATEST("courier_counters"."value", EXCLUDED."value");--> statement-breakpoint
-- They left the till of the branch that took the payment: the cash-up counted them there before.
UPDATE "payment_refunds" r SET "branch_id" = p."branch_id" FROM "payments" p WHERE p."id" = r."payment_id";--> statement-breakpoint
-- A refund no longer reopens its invoice: what was paid is the sum of the payments again (never more
-- than the total: an invoice paid again after a refund stays paid), and the status follows it.
UPDATE "invoices" i SET
  "paid_cents" = LEAST(i."total_cents", a.allocated),
  "status" = CASE WHEN LEAST(i."total_cents", a.allocated) >= i."total_cents" THEN 'paid'
                  WHEN a.allocated > 0 THEN 'partially_paid' ELSE 'unpaid' END,
  "updated_at" = now()
FROM (SELECT pa."invoice_id", sum(pa."amount_cents")::int AS allocated FROM "payment_allocations" pa
      WHERE pa."invoice_id" IN (SELECT "invoice_id" FROM "payment_refunds") GROUP BY pa."invoice_id") a
WHERE a."invoice_id" = i."id" AND i."status" <> 'void';--> statement-breakpoint
ALTER TABLE "payment_refunds" ALTER COLUMN "credit_note_no" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_courier_id_credit_note_no_index" ON "payment_refunds" USING btree ("courier_id","credit_note_no");--> statement-breakpoint
CREATE INDEX "payment_refunds_courier_id_branch_id_created_at_index" ON "payment_refunds" USING btree ("courier_id","branch_id","created_at");
