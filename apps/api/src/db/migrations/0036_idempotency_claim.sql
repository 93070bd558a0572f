ALTER TABLE "api_idempotency_keys" ALTER COLUMN "status_code" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency_keys" ALTER COLUMN "response" DROP NOT NULL;