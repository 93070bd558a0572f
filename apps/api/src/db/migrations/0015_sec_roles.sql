ALTER TABLE "customers" ADD COLUMN "session_kept_jti" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_kept_jti" text;