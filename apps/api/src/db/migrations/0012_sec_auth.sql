CREATE TABLE "login_known_ips" (
	"account_key" text NOT NULL,
	"ip_hash" text NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_known_ips_account_key_ip_hash_pk" PRIMARY KEY("account_key","ip_hash")
);
--> statement-breakpoint
CREATE TABLE "login_throttles" (
	"account_key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delayed_until" timestamp with time zone,
	"alerted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "smtp_allow_insecure" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "sensitive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "login_known_ips_last_seen_at_index" ON "login_known_ips" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "login_throttles_last_failure_at_index" ON "login_throttles" USING btree ("last_failure_at");--> statement-breakpoint
-- hand-written: reset links already in the outbox are sensitive; those sent or given up lose their body now.
UPDATE "email_outbox" SET "sensitive" = true WHERE "text_body" LIKE '%/reset-password?token=%';--> statement-breakpoint
UPDATE "email_outbox" SET "text_body" = '', "html_body" = NULL WHERE "sensitive" AND "status" IN ('sent', 'failed');
