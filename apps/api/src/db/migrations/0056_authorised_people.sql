CREATE TABLE "authorised_people" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"id_type" text NOT NULL,
	"id_number" text NOT NULL,
	"phone" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "authorised_people" ADD CONSTRAINT "authorised_people_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "authorised_people" ADD CONSTRAINT "authorised_people_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorised_people_courier_id_customer_id_index" ON "authorised_people" USING btree ("courier_id","customer_id");--> statement-breakpoint
ALTER TABLE "collection_signatures" ADD COLUMN "authorised_person_id" integer;--> statement-breakpoint
ALTER TABLE "collection_signatures" ADD COLUMN "collector_id_type" text;--> statement-breakpoint
ALTER TABLE "collection_signatures" ADD COLUMN "collector_id_number" text;--> statement-breakpoint
ALTER TABLE "collection_signatures" ADD CONSTRAINT "collection_signatures_authorised_person_id_authorised_people_id_fk" FOREIGN KEY ("authorised_person_id") REFERENCES "public"."authorised_people"("id") ON DELETE no action ON UPDATE no action;
