ALTER TABLE "packages" ADD COLUMN "switched_branch_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "fee_invoice_id" integer;