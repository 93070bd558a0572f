CREATE TABLE "two_factor_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "two_factor_secrets" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_kind" text NOT NULL,
	"account_id" integer NOT NULL,
	"secret_sealed" text NOT NULL,
	"enabled_at" timestamp with time zone,
	"last_used_step" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "require_staff_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_account_kind_account_id_index" ON "two_factor_recovery_codes" USING btree ("account_kind","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_secrets_account_kind_account_id_index" ON "two_factor_secrets" USING btree ("account_kind","account_id");