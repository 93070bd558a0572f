ALTER TABLE "couriers" ADD COLUMN "payment_test_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "online_payment_attempts" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Checkouts answered by a simulator never moved money: their payments say TEST from now on too.
UPDATE "online_payment_attempts" SET "test" = true WHERE "provider" = 'simulator';--> statement-breakpoint
UPDATE "payments" SET "test" = true WHERE "id" IN (SELECT "payment_id" FROM "online_payment_attempts" WHERE "provider" = 'simulator' AND "payment_id" IS NOT NULL);
