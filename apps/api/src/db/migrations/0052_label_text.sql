ALTER TABLE "packages" ADD COLUMN "label_mailbox" text;--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "label_name" text;
