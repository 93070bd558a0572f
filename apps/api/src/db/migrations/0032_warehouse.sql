CREATE TABLE "shelves" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text,
	"is_hold" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "label_printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer DEFAULT 9100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "packages_courier_id_tracking_number_index";--> statement-breakpoint
ALTER TABLE "courier_fee_settings" ADD COLUMN "hazard_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hazard_level" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hazard_category" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hazard_note" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hazard_outcome" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "hazard_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "shelf_id" integer;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "piece_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "piece_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shelves" ADD CONSTRAINT "shelves_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelves" ADD CONSTRAINT "shelves_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_printers" ADD CONSTRAINT "label_printers_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_printers" ADD CONSTRAINT "label_printers_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shelves_courier_id_code_index" ON "shelves" USING btree ("courier_id","code");--> statement-breakpoint
CREATE INDEX "shelves_courier_id_branch_id_index" ON "shelves" USING btree ("courier_id","branch_id");--> statement-breakpoint
CREATE INDEX "label_printers_courier_id_branch_id_index" ON "label_printers" USING btree ("courier_id","branch_id");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_shelf_id_shelves_id_fk" FOREIGN KEY ("shelf_id") REFERENCES "public"."shelves"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_courier_tracking_piece_idx" ON "packages" USING btree ("courier_id","tracking_number","piece_number") WHERE "packages"."voided_at" is null;--> statement-breakpoint
CREATE INDEX "packages_courier_id_shelf_id_index" ON "packages" USING btree ("courier_id","shelf_id");