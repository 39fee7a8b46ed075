ALTER TABLE "works" ADD COLUMN "hot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "works" ADD COLUMN "hot_score" double precision GENERATED ALWAYS AS (((like_count + 2 * comment_count + favorite_count + 1)::float8 / power(greatest(extract(epoch from (coalesce(hot_at, published_at) - published_at))::float8 / 3600.0, 0) + 2, 1.5))) STORED;--> statement-breakpoint
CREATE INDEX "works_hot_idx" ON "works" USING btree ("hot_score","id") WHERE "works"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "works_kind_hot_idx" ON "works" USING btree ("kind","hot_score","id") WHERE "works"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "works_hot_at_idx" ON "works" USING btree ("hot_at") WHERE "works"."status" = 'approved' and "works"."hot_at" is not null;--> statement-breakpoint
-- Works published so far take their bound an hour back from now, as the hourly refresh would;
-- left null they would all carry their score at publication until refreshed.
UPDATE "works" SET "hot_at" = now() - interval '1 hour'
WHERE "status" = 'approved' AND "published_at" < now() - interval '1 hour';
