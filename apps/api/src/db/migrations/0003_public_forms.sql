CREATE TABLE "assisted_purchase_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"items" jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assisted_purchase_requests" ADD CONSTRAINT "assisted_purchase_requests_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assisted_purchase_requests_courier_id_created_at_index" ON "assisted_purchase_requests" USING btree ("courier_id","created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_courier_id_created_at_index" ON "contact_messages" USING btree ("courier_id","created_at");