ALTER TABLE "customers" ADD COLUMN "email_opt_outs" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_kind" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "target_ref" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_customer_id_created_at_index" ON "notifications" USING btree ("customer_id","created_at");