CREATE TABLE "carrier_tracking_accounts" (
	"courier_id" integer PRIMARY KEY NOT NULL,
	"base_url" text NOT NULL,
	"api_key_sealed" text NOT NULL,
	"webhook_secret_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_trackings" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"pre_alert_id" integer NOT NULL,
	"tracking_number" text NOT NULL,
	"slug" text,
	"external_id" text,
	"tag" text DEFAULT 'Pending' NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"registered_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carrier_tracking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"tracking_id" integer NOT NULL,
	"tag" text NOT NULL,
	"message" text NOT NULL,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "carrier_tracking_accounts" ADD CONSTRAINT "carrier_tracking_accounts_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_trackings" ADD CONSTRAINT "carrier_trackings_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_trackings" ADD CONSTRAINT "carrier_trackings_pre_alert_id_pre_alerts_id_fk" FOREIGN KEY ("pre_alert_id") REFERENCES "public"."pre_alerts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_tracking_events" ADD CONSTRAINT "carrier_tracking_events_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_tracking_events" ADD CONSTRAINT "carrier_tracking_events_tracking_id_carrier_trackings_id_fk" FOREIGN KEY ("tracking_id") REFERENCES "public"."carrier_trackings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_trackings_courier_id_pre_alert_id_index" ON "carrier_trackings" USING btree ("courier_id","pre_alert_id");--> statement-breakpoint
CREATE INDEX "carrier_trackings_courier_id_external_id_index" ON "carrier_trackings" USING btree ("courier_id","external_id");--> statement-breakpoint
CREATE INDEX "carrier_trackings_due" ON "carrier_trackings" USING btree ("next_attempt_at") WHERE "carrier_trackings"."registered_at" is null;--> statement-breakpoint
CREATE INDEX "carrier_trackings_delivered" ON "carrier_trackings" USING btree ("delivered_at") WHERE "carrier_trackings"."alerted_at" is null and "carrier_trackings"."delivered_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_tracking_events_once" ON "carrier_tracking_events" USING btree ("tracking_id","occurred_at","tag","message");--> statement-breakpoint
CREATE INDEX "ticket_reads_ticket_reader_kind" ON "ticket_reads" USING btree ("ticket_id","reader_kind");
