-- One active calendar link per evaluator: simultaneous first requests each created a link (ten requests,
-- six active secret feed URLs). The extra active links of an evaluator are revoked first (the oldest one,
-- the link first handed out, stays), then the unique index makes a second active link impossible.
UPDATE "calendar_feed_tokens" t SET "revoked_at" = now()
WHERE t."revoked_at" IS NULL
  AND EXISTS (
    SELECT 1 FROM "calendar_feed_tokens" o
    WHERE o."auditor_id" = t."auditor_id" AND o."revoked_at" IS NULL
      AND (o."created_at", o."id") < (t."created_at", t."id")
  );
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feed_tokens_active_key" ON "calendar_feed_tokens" USING btree ("auditor_id") WHERE "calendar_feed_tokens"."revoked_at" is null;
