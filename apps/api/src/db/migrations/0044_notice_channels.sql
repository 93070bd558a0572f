ALTER TABLE "customers" ADD COLUMN "push_opt_outs" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
UPDATE "customers" SET "push_opt_outs" = "email_opt_outs" WHERE cardinality("email_opt_outs") > 0;
