ALTER TABLE "insurance_claims" ADD COLUMN "payout" text;--> statement-breakpoint
ALTER TABLE "insurance_claims" ADD COLUMN "payout_cents" integer;--> statement-breakpoint
CREATE TABLE "insurance_claim_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"claim_id" integer NOT NULL,
	"name" text NOT NULL,
	"thumb_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurance_claim_photos" ADD CONSTRAINT "insurance_claim_photos_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_claim_photos" ADD CONSTRAINT "insurance_claim_photos_claim_id_insurance_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."insurance_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_claim_photos_courier_id_claim_id_index" ON "insurance_claim_photos" USING btree ("courier_id","claim_id");
