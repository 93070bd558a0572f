CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"ticket_no" text NOT NULL,
	"customer_id" integer NOT NULL,
	"subject" text NOT NULL,
	"department" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"last_customer_message_at" timestamp with time zone,
	"last_staff_message_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"customer_id" integer,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"reader_kind" text NOT NULL,
	"reader_id" integer NOT NULL,
	"last_read_at" timestamp with time zone NOT NULL,
	"last_read_message_id" integer
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"courier_id" integer,
	"audience" text DEFAULT 'staff' NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_reads" (
	"user_id" integer NOT NULL,
	"notification_id" bigint NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_reads_user_id_notification_id_pk" PRIMARY KEY("user_id","notification_id")
);
--> statement-breakpoint
CREATE TABLE "batch_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"audience" text NOT NULL,
	"audience_branch_id" integer,
	"audience_account_type" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"queued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_email_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"batch_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"email" text NOT NULL,
	"outbox_id" bigint
);
--> statement-breakpoint
CREATE TABLE "time_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"clock_in" timestamp with time zone NOT NULL,
	"clock_out" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_messages" ADD CONSTRAINT "ticket_messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_reads" ADD CONSTRAINT "ticket_reads_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_reads" ADD CONSTRAINT "notification_reads_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_emails" ADD CONSTRAINT "batch_emails_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_emails" ADD CONSTRAINT "batch_emails_audience_branch_id_branches_id_fk" FOREIGN KEY ("audience_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_emails" ADD CONSTRAINT "batch_emails_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_email_recipients" ADD CONSTRAINT "batch_email_recipients_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_email_recipients" ADD CONSTRAINT "batch_email_recipients_batch_id_batch_emails_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batch_emails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_email_recipients" ADD CONSTRAINT "batch_email_recipients_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_email_recipients" ADD CONSTRAINT "batch_email_recipients_outbox_id_email_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."email_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_courier_id_ticket_no_index" ON "tickets" USING btree ("courier_id","ticket_no");--> statement-breakpoint
CREATE INDEX "tickets_courier_id_last_customer_message_at_index" ON "tickets" USING btree ("courier_id","last_customer_message_at");--> statement-breakpoint
CREATE INDEX "tickets_courier_id_customer_id_updated_at_index" ON "tickets" USING btree ("courier_id","customer_id","updated_at");--> statement-breakpoint
CREATE INDEX "tickets_courier_id_updated_at_index" ON "tickets" USING btree ("courier_id","updated_at");--> statement-breakpoint
CREATE INDEX "ticket_messages_courier_id_ticket_id_created_at_index" ON "ticket_messages" USING btree ("courier_id","ticket_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ticket_reads_courier_id_reader_kind_reader_id_ticket_id_index" ON "ticket_reads" USING btree ("courier_id","reader_kind","reader_id","ticket_id");--> statement-breakpoint
CREATE INDEX "notifications_courier_id_created_at_index" ON "notifications" USING btree ("courier_id","created_at");--> statement-breakpoint
CREATE INDEX "batch_emails_courier_id_created_at_index" ON "batch_emails" USING btree ("courier_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "batch_email_recipients_courier_id_batch_id_customer_id_index" ON "batch_email_recipients" USING btree ("courier_id","batch_id","customer_id");--> statement-breakpoint
CREATE INDEX "time_entries_courier_id_user_id_clock_in_index" ON "time_entries" USING btree ("courier_id","user_id","clock_in");--> statement-breakpoint
CREATE INDEX "time_entries_courier_id_clock_in_index" ON "time_entries" USING btree ("courier_id","clock_in");--> statement-breakpoint
CREATE UNIQUE INDEX "time_entries_one_open_per_user" ON "time_entries" USING btree ("user_id") WHERE "time_entries"."clock_out" is null;