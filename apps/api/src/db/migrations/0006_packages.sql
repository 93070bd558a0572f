CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"package_number" text NOT NULL,
	"tracking_number" text NOT NULL,
	"carrier" text DEFAULT 'OTHER' NOT NULL,
	"customer_id" integer,
	"branch_id" integer,
	"pre_alert_id" integer,
	"status" text NOT NULL,
	"held_from" text,
	"weight_lb" numeric(10, 2) NOT NULL,
	"length_in" numeric(8, 2),
	"width_in" numeric(8, 2),
	"height_in" numeric(8, 2),
	"mode" text DEFAULT 'AIR' NOT NULL,
	"manifest_id" integer,
	"declared_value_usd_cents" integer,
	"description" text,
	"merchant" text,
	"assigned_from_unknown" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"uncollected_since" timestamp with time zone,
	"uncollected_fee_applied" boolean DEFAULT false NOT NULL,
	"received_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"status" text NOT NULL,
	"from_status" text,
	"user_id" integer,
	"branch_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"carrier" text DEFAULT 'OTHER' NOT NULL,
	"merchant" text NOT NULL,
	"description" text NOT NULL,
	"declared_value_usd_cents" integer NOT NULL,
	"invoice_path" text,
	"invoice_name" text,
	"invoice_mime" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unknown_package_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"note" text,
	"proof_path" text NOT NULL,
	"proof_name" text NOT NULL,
	"proof_mime" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manifests" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"manifest_number" text NOT NULL,
	"type" text NOT NULL,
	"mawb_or_bl" text,
	"flight_or_vessel" text,
	"departure_date" date,
	"arrival_date" date,
	"branch_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"discrepancy_note" text,
	"missing_count" integer,
	"extra_count" integer,
	"created_by" integer,
	"closed_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"arrived_at" timestamp with time zone,
	"reconciled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manifest_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"manifest_id" integer NOT NULL,
	"package_id" integer,
	"tracking_number" text NOT NULL,
	"result" text NOT NULL,
	"scanned_by" integer,
	"branch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"name" text NOT NULL,
	"parish" text NOT NULL,
	"fee_cents" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"location_id" integer,
	"address" text,
	"preferred_date" date NOT NULL,
	"scheduled_date" date,
	"phone" text NOT NULL,
	"notes" text,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_request_packages" (
	"courier_id" integer NOT NULL,
	"delivery_request_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	CONSTRAINT "delivery_request_packages_delivery_request_id_package_id_pk" PRIMARY KEY("delivery_request_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_no" text NOT NULL,
	"status" text DEFAULT 'unpaid' NOT NULL,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"processing_cents" integer DEFAULT 0 NOT NULL,
	"gct_cents" integer DEFAULT 0 NOT NULL,
	"customs_cents" integer DEFAULT 0 NOT NULL,
	"fees_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"membership_tier" text,
	"gct_percent" text DEFAULT '0' NOT NULL,
	"exchange_rate" integer NOT NULL,
	"void_reason" text,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"replaces_invoice_id" integer,
	"issued_by" integer,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"package_id" integer,
	"amount_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_packages" (
	"courier_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"customs_assessed_cents" integer,
	CONSTRAINT "invoice_packages_invoice_id_package_id_pk" PRIMARY KEY("invoice_id","package_id")
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"receipt_no" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"notes" text,
	"taken_by" integer,
	"branch_id" integer,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_allocations" (
	"courier_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "payment_allocations_payment_id_invoice_id_pk" PRIMARY KEY("payment_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "cash_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"business_date" date NOT NULL,
	"expected_cash_cents" integer NOT NULL,
	"expected_card_cents" integer NOT NULL,
	"expected_bank_transfer_cents" integer NOT NULL,
	"expected_online_cents" integer NOT NULL,
	"counted_cash_cents" integer NOT NULL,
	"counted_card_cents" integer NOT NULL,
	"difference_cents" integer NOT NULL,
	"notes" text,
	"closed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"collector_name" text NOT NULL,
	"signature_png_base64" text NOT NULL,
	"unpaid_override" boolean DEFAULT false NOT NULL,
	"signed_by" integer,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_pre_alert_id_pre_alerts_id_fk" FOREIGN KEY ("pre_alert_id") REFERENCES "public"."pre_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_events" ADD CONSTRAINT "package_events_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD CONSTRAINT "pre_alerts_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_alerts" ADD CONSTRAINT "pre_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unknown_package_claims" ADD CONSTRAINT "unknown_package_claims_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unknown_package_claims" ADD CONSTRAINT "unknown_package_claims_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unknown_package_claims" ADD CONSTRAINT "unknown_package_claims_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unknown_package_claims" ADD CONSTRAINT "unknown_package_claims_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifests" ADD CONSTRAINT "manifests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_scans" ADD CONSTRAINT "manifest_scans_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_scans" ADD CONSTRAINT "manifest_scans_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_scans" ADD CONSTRAINT "manifest_scans_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_scans" ADD CONSTRAINT "manifest_scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_scans" ADD CONSTRAINT "manifest_scans_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_locations" ADD CONSTRAINT "delivery_locations_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_location_id_delivery_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."delivery_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_requests" ADD CONSTRAINT "delivery_requests_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_packages" ADD CONSTRAINT "delivery_request_packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_packages" ADD CONSTRAINT "delivery_request_packages_delivery_request_id_delivery_requests_id_fk" FOREIGN KEY ("delivery_request_id") REFERENCES "public"."delivery_requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_request_packages" ADD CONSTRAINT "delivery_request_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_packages" ADD CONSTRAINT "invoice_packages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_packages" ADD CONSTRAINT "invoice_packages_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_packages" ADD CONSTRAINT "invoice_packages_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_allocations" ADD CONSTRAINT "payment_allocations_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_ups" ADD CONSTRAINT "cash_ups_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_signatures" ADD CONSTRAINT "collection_signatures_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_signatures" ADD CONSTRAINT "collection_signatures_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_signatures" ADD CONSTRAINT "collection_signatures_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_courier_id_package_number_index" ON "packages" USING btree ("courier_id","package_number");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_courier_id_tracking_number_index" ON "packages" USING btree ("courier_id","tracking_number");--> statement-breakpoint
CREATE INDEX "packages_courier_id_created_at_index" ON "packages" USING btree ("courier_id","created_at");--> statement-breakpoint
CREATE INDEX "packages_courier_id_status_created_at_index" ON "packages" USING btree ("courier_id","status","created_at");--> statement-breakpoint
CREATE INDEX "packages_courier_id_customer_id_created_at_index" ON "packages" USING btree ("courier_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "packages_courier_id_branch_id_status_index" ON "packages" USING btree ("courier_id","branch_id","status");--> statement-breakpoint
CREATE INDEX "packages_courier_id_manifest_id_index" ON "packages" USING btree ("courier_id","manifest_id");--> statement-breakpoint
CREATE INDEX "packages_courier_ready_idx" ON "packages" USING btree ("courier_id","ready_at") WHERE "packages"."status" = 'ready_for_pickup';--> statement-breakpoint
CREATE INDEX "package_events_courier_id_package_id_created_at_index" ON "package_events" USING btree ("courier_id","package_id","created_at");--> statement-breakpoint
CREATE INDEX "pre_alerts_courier_id_customer_id_created_at_index" ON "pre_alerts" USING btree ("courier_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "pre_alerts_courier_id_tracking_number_index" ON "pre_alerts" USING btree ("courier_id","tracking_number");--> statement-breakpoint
CREATE INDEX "unknown_package_claims_courier_id_status_created_at_index" ON "unknown_package_claims" USING btree ("courier_id","status","created_at");--> statement-breakpoint
CREATE INDEX "unknown_package_claims_courier_id_package_id_index" ON "unknown_package_claims" USING btree ("courier_id","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "manifests_courier_id_manifest_number_index" ON "manifests" USING btree ("courier_id","manifest_number");--> statement-breakpoint
CREATE INDEX "manifests_courier_id_status_created_at_index" ON "manifests" USING btree ("courier_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "manifest_scans_courier_id_manifest_id_tracking_number_index" ON "manifest_scans" USING btree ("courier_id","manifest_id","tracking_number");--> statement-breakpoint
CREATE INDEX "manifest_scans_courier_id_package_id_index" ON "manifest_scans" USING btree ("courier_id","package_id");--> statement-breakpoint
CREATE INDEX "delivery_locations_courier_id_name_index" ON "delivery_locations" USING btree ("courier_id","name");--> statement-breakpoint
CREATE INDEX "delivery_requests_courier_id_status_created_at_index" ON "delivery_requests" USING btree ("courier_id","status","created_at");--> statement-breakpoint
CREATE INDEX "delivery_requests_courier_id_customer_id_created_at_index" ON "delivery_requests" USING btree ("courier_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "delivery_request_packages_courier_id_package_id_index" ON "delivery_request_packages" USING btree ("courier_id","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_courier_id_invoice_no_index" ON "invoices" USING btree ("courier_id","invoice_no");--> statement-breakpoint
CREATE INDEX "invoices_courier_id_customer_id_issued_at_index" ON "invoices" USING btree ("courier_id","customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_courier_id_status_issued_at_index" ON "invoices" USING btree ("courier_id","status","issued_at");--> statement-breakpoint
CREATE INDEX "invoice_lines_courier_id_invoice_id_index" ON "invoice_lines" USING btree ("courier_id","invoice_id");--> statement-breakpoint
CREATE INDEX "invoice_packages_courier_id_package_id_index" ON "invoice_packages" USING btree ("courier_id","package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_courier_id_receipt_no_index" ON "payments" USING btree ("courier_id","receipt_no");--> statement-breakpoint
CREATE INDEX "payments_courier_id_paid_at_index" ON "payments" USING btree ("courier_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_courier_id_customer_id_paid_at_index" ON "payments" USING btree ("courier_id","customer_id","paid_at");--> statement-breakpoint
CREATE INDEX "payments_courier_id_branch_id_paid_at_index" ON "payments" USING btree ("courier_id","branch_id","paid_at");--> statement-breakpoint
CREATE INDEX "payment_allocations_courier_id_invoice_id_index" ON "payment_allocations" USING btree ("courier_id","invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cash_ups_courier_id_branch_id_business_date_index" ON "cash_ups" USING btree ("courier_id","branch_id","business_date");--> statement-breakpoint
CREATE INDEX "cash_ups_courier_id_business_date_index" ON "cash_ups" USING btree ("courier_id","business_date");--> statement-breakpoint
CREATE INDEX "collection_signatures_courier_id_invoice_id_index" ON "collection_signatures" USING btree ("courier_id","invoice_id");