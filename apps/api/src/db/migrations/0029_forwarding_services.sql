CREATE TABLE "consolidation_request_packages" (
	"courier_id" integer NOT NULL,
	"request_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	CONSTRAINT "consolidation_request_packages_request_id_package_id_pk" PRIMARY KEY("request_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "consolidation_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"request_no" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"repack" text NOT NULL,
	"hold_until" date,
	"notes" text DEFAULT '' NOT NULL,
	"fee_cents" integer NOT NULL,
	"new_package_id" integer,
	"completed_by" integer,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_service_fees" (
	"courier_id" integer PRIMARY KEY NOT NULL,
	"consolidation_fee_cents" integer NOT NULL,
	"shop_fee_percent_tenths" integer NOT NULL,
	"shop_fee_minimum_usd_cents" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "status" text DEFAULT 'requested' NOT NULL;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "quote" jsonb;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "quoted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "quoted_by" integer;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "invoice_id" integer;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "decline_reason" text;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "orders" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "purchased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "purchased_by" integer;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "consolidation_request_id" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "consolidated_into_id" integer;--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD COLUMN "shop_request_id" bigint;--> statement-breakpoint
ALTER TABLE "consolidation_request_packages" ADD CONSTRAINT "consolidation_request_packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_request_packages" ADD CONSTRAINT "consolidation_request_packages_request_id_consolidation_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."consolidation_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_request_packages" ADD CONSTRAINT "consolidation_request_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_requests" ADD CONSTRAINT "consolidation_requests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_requests" ADD CONSTRAINT "consolidation_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_requests" ADD CONSTRAINT "consolidation_requests_new_package_id_packages_id_fk" FOREIGN KEY ("new_package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consolidation_requests" ADD CONSTRAINT "consolidation_requests_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_service_fees" ADD CONSTRAINT "courier_service_fees_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consolidation_request_packages_courier_id_package_id_index" ON "consolidation_request_packages" USING btree ("courier_id","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "consolidation_requests_courier_id_request_no_index" ON "consolidation_requests" USING btree ("courier_id","request_no");--> statement-breakpoint
CREATE INDEX "consolidation_requests_courier_id_status_created_at_index" ON "consolidation_requests" USING btree ("courier_id","status","created_at");--> statement-breakpoint
CREATE INDEX "consolidation_requests_courier_id_customer_id_created_at_index" ON "consolidation_requests" USING btree ("courier_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "consolidation_requests_courier_id_new_package_id_index" ON "consolidation_requests" USING btree ("courier_id","new_package_id");--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD CONSTRAINT "assisted_purchase_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD CONSTRAINT "assisted_purchase_requests_quoted_by_users_id_fk" FOREIGN KEY ("quoted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD CONSTRAINT "assisted_purchase_requests_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD CONSTRAINT "assisted_purchase_requests_purchased_by_users_id_fk" FOREIGN KEY ("purchased_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_consolidated_into_id_packages_id_fk" FOREIGN KEY ("consolidated_into_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assisted_purchase_requests_courier_id_customer_id_created_at_index" ON "assisted_purchase_requests" USING btree ("courier_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "assisted_purchase_requests_courier_id_status_created_at_index" ON "assisted_purchase_requests" USING btree ("courier_id","status","created_at");