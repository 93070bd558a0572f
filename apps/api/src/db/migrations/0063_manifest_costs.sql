CREATE TABLE "manifest_costs" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"manifest_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"exchange_rate" numeric(10, 4),
	"jmd_cents" bigint NOT NULL,
	"incurred_on" date NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "manifest_costs" ADD CONSTRAINT "manifest_costs_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_costs" ADD CONSTRAINT "manifest_costs_manifest_id_manifests_id_fk" FOREIGN KEY ("manifest_id") REFERENCES "public"."manifests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manifest_costs" ADD CONSTRAINT "manifest_costs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manifest_costs_courier_id_manifest_id_index" ON "manifest_costs" USING btree ("courier_id","manifest_id");--> statement-breakpoint
CREATE INDEX "manifest_costs_courier_id_incurred_on_index" ON "manifest_costs" USING btree ("courier_id","incurred_on");--> statement-breakpoint
-- hand-written: the seeded branch managers hold every permission of their courier's work but roles
-- and branches; the new costs permissions join their role.
UPDATE "roles" SET "permissions" = array_append("permissions", 'costs_view') WHERE "name" = 'Branch Manager' AND NOT ('costs_view' = ANY("permissions"));--> statement-breakpoint
UPDATE "roles" SET "permissions" = array_append("permissions", 'costs_edit') WHERE "name" = 'Branch Manager' AND NOT ('costs_edit' = ANY("permissions"));
