ALTER TABLE "delivery_requests" ADD COLUMN "driver_id" integer;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "stop_order" integer;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "recipient_name" text;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "signature_png_base64" text;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD COLUMN "photo_name" text;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_driver_id_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "delivery_requests_courier_id_scheduled_date_index" ON "delivery_requests" USING btree ("courier_id","scheduled_date");--> statement-breakpoint
-- hand-written: branch managers could let an unpaid invoice be collected by their role before the
-- release rule had a permission; their seeded role keeps that as release_override.
UPDATE "roles" SET "permissions" = array_append("permissions", 'release_override') WHERE "name" = 'Branch Manager' AND NOT ('release_override' = ANY("permissions"));
