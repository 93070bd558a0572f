DROP INDEX "cash_ups_courier_id_branch_id_business_date_index";--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "time_zone" text DEFAULT 'America/Jamaica' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tendered_cents" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "change_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD COLUMN "balance_after_cents" integer;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD COLUMN "counted_bank_transfer_cents" integer;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD COLUMN "counted_online_cents" integer;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD COLUMN "opening_float_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD COLUMN "corrects_id" integer;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_corrects_id_cash_ups_id_fk" FOREIGN KEY ("corrects_id") REFERENCES "public"."cash_ups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cash_ups_courier_id_branch_id_business_date_index" ON "cash_ups" USING btree ("courier_id","branch_id","business_date") WHERE "cash_ups"."corrects_id" is null;--> statement-breakpoint
-- hand-written:
-- Receipts print the balance right after their payment: earlier allocations get it from the running sum of their invoice's allocations.
UPDATE "payment_allocations" pa SET "balance_after_cents" = i."total_cents" - (
  SELECT sum(pa2."amount_cents") FROM "payment_allocations" pa2 WHERE pa2."invoice_id" = pa."invoice_id" AND pa2."payment_id" <= pa."payment_id"
) FROM "invoices" i WHERE i."id" = pa."invoice_id" AND pa."balance_after_cents" IS NULL;
