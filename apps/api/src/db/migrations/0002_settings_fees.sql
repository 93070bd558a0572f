CREATE TABLE "courier_fee_settings" (
	"courier_id" integer PRIMARY KEY NOT NULL,
	"gct_tenths_percent" integer DEFAULT 0 NOT NULL,
	"unknown_fee_cents" integer DEFAULT 0 NOT NULL,
	"uncollected_fee_cents" integer DEFAULT 0 NOT NULL,
	"switching_fee_cents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processing_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"weight_range" text NOT NULL,
	"min_weight_lbs" double precision NOT NULL,
	"max_weight_lbs" double precision NOT NULL,
	"fee_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "courier_fee_settings" ADD CONSTRAINT "courier_fee_settings_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "processing_fees" ADD CONSTRAINT "processing_fees_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "processing_fees_courier_id_min_weight_lbs_index" ON "processing_fees" USING btree ("courier_id","min_weight_lbs");