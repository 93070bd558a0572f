CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL REFERENCES "couriers"("id"),
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "domain_events_courier_id_type_created_at_index" ON "domain_events" ("courier_id","type","created_at");--> statement-breakpoint
CREATE TABLE "domain_event_deliveries" (
	"event_id" bigint NOT NULL REFERENCES "domain_events"("id") ON DELETE CASCADE,
	"subscriber" text NOT NULL,
	"handled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_event_deliveries_event_id_subscriber_pk" PRIMARY KEY("event_id","subscriber")
);
