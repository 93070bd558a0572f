ALTER TABLE "import_source_files" ADD COLUMN "sha256" text;--> statement-breakpoint
ALTER TABLE "import_source_files" ADD COLUMN "needs_fix" boolean DEFAULT false NOT NULL;
