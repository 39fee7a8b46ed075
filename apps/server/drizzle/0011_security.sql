CREATE TABLE "auth_attempts" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
DROP TABLE "auth_failures" CASCADE;--> statement-breakpoint
ALTER TABLE "auth_refresh_tokens" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_amount_fen" integer;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "pending_title" text;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "pending_description" text;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "pending_edit_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_pending_email_idx" ON "users" USING btree ("pending_email") WHERE "users"."pending_email" is not null;--> statement-breakpoint
CREATE INDEX "orders_review_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'review';--> statement-breakpoint
CREATE INDEX "works_pending_edit_idx" ON "works" USING btree ("pending_edit_at","id") WHERE "works"."pending_edit_at" is not null;--> statement-breakpoint
-- Addresses named at registration were never proved: they move to pending_email and grant
-- nothing (no admin role, no sign-in by that address) until their owner enters a code sent there.
UPDATE "users" SET "pending_email" = "email", "email" = NULL
WHERE "password_hash" IS NOT NULL AND "email" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "user_identities" i WHERE i."user_id" = "users"."id" AND lower(i."email") = "users"."email"
  );
