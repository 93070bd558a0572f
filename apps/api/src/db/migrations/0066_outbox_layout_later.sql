ALTER TABLE "email_outbox" ADD COLUMN "layout" jsonb;--> statement-breakpoint
DROP INDEX IF EXISTS "packages_courier_id_created_at_index";--> statement-breakpoint
DROP INDEX IF EXISTS "packages_courier_id_status_created_at_index";
