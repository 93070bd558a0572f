CREATE TABLE "package_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"package_id" integer NOT NULL,
	"name" text NOT NULL,
	"thumb_name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"taken_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "volumetric_air" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "air_divisor_in3_per_lb" numeric(8, 2) DEFAULT 139 NOT NULL;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "volumetric_sea" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "sea_lb_per_ft3" numeric(8, 2) DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "volumetric" jsonb;--> statement-breakpoint
ALTER TABLE "package_photos" ADD CONSTRAINT "package_photos_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photos" ADD CONSTRAINT "package_photos_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_photos" ADD CONSTRAINT "package_photos_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "package_photos_courier_id_package_id_created_at_index" ON "package_photos" USING btree ("courier_id","package_id","created_at");