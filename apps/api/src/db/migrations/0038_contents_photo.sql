CREATE TABLE "contents_photo_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"fee_cents" integer NOT NULL,
	"fee_name" text NOT NULL,
	"fee_version_id" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" integer,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "package_photos" ADD COLUMN "kind" text DEFAULT 'parcel' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents_photo_requests" ADD CONSTRAINT "contents_photo_requests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents_photo_requests" ADD CONSTRAINT "contents_photo_requests_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents_photo_requests" ADD CONSTRAINT "contents_photo_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents_photo_requests" ADD CONSTRAINT "contents_photo_requests_fee_version_id_fee_versions_id_fk" FOREIGN KEY ("fee_version_id") REFERENCES "public"."fee_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contents_photo_requests" ADD CONSTRAINT "contents_photo_requests_done_by_users_id_fk" FOREIGN KEY ("done_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_photo_requests_courier_id_status_index" ON "contents_photo_requests" USING btree ("courier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_photo_requests_live_package" ON "contents_photo_requests" USING btree ("package_id") WHERE "contents_photo_requests"."status" <> 'cancelled';