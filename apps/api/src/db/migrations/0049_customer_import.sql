ALTER TABLE "customers" ADD COLUMN "imported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "invited_at" timestamp with time zone;
