DROP INDEX "packages_courier_id_tracking_number_index";--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "heavy_weight_lb" numeric(10, 2) DEFAULT 150 NOT NULL;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "require_invoice" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "invoice_path" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "invoice_name" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "invoice_mime" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hold_reason" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "voided_by" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_courier_id_tracking_number_index" ON "packages" USING btree ("courier_id","tracking_number") WHERE "packages"."voided_at" is null;