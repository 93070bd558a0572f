ALTER TABLE "import_sources" ADD COLUMN "secret_kind" text;--> statement-breakpoint
ALTER TABLE "import_sources" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "import_sources" ADD COLUMN "host_key_fingerprint" text;