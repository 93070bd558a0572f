-- The spec's marketing figures stop being every courier's: they become the demo courier's own
-- public content (the courier with the built-in demo api key), for databases seeded before.
INSERT INTO "courier_public_content" ("courier_id", "content")
SELECT "id", '{"tagline":null,"heroTitle":null,"heroText":null,"hours":[{"days":"Monday - Friday","time":"9:00 AM - 6:00 PM EST"},{"days":"Saturday","time":"10:00 AM - 4:00 PM EST"},{"days":"Sunday","time":"Closed"}],"socialLinks":[],"faq":[],"stats":[{"value":"5,000+","label":"customers"},{"value":"100,000+","label":"packages forwarded"},{"value":"150+","label":"countries served"}]}'::jsonb
FROM "couriers" WHERE "api_key" = 'ck_demo_jamaica_express_2026'
ON CONFLICT ("courier_id") DO UPDATE SET "content" = CASE
  WHEN "courier_public_content"."content" IS NULL THEN EXCLUDED."content"
  WHEN "courier_public_content"."content" ? 'stats' THEN "courier_public_content"."content"
  ELSE "courier_public_content"."content" || jsonb_build_object('stats', EXCLUDED."content" -> 'stats')
END;
