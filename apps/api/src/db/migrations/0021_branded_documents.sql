ALTER TABLE "couriers" ADD COLUMN "gct_registration_number" text;--> statement-breakpoint
ALTER TABLE "couriers" ADD COLUMN "paper_size" text DEFAULT 'letter' NOT NULL;