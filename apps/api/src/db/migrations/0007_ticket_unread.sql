CREATE TABLE "ticket_unread" (
	"courier_id" integer NOT NULL,
	"reader_kind" text NOT NULL,
	"reader_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticket_unread_courier_id_reader_kind_reader_id_ticket_id_pk" PRIMARY KEY("courier_id","reader_kind","reader_id","ticket_id")
);
--> statement-breakpoint
ALTER TABLE "ticket_unread" ADD CONSTRAINT "ticket_unread_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_unread" ADD CONSTRAINT "ticket_unread_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;