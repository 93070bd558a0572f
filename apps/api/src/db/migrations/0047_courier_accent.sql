ALTER TABLE "couriers" ADD COLUMN "accent_color" text;
