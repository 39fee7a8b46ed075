DROP INDEX "campaign_entries_votes_idx";--> statement-breakpoint
DROP INDEX "campaign_entries_new_idx";--> statement-breakpoint
DROP INDEX "campaigns_start_idx";--> statement-breakpoint
DROP INDEX "comments_top_idx";--> statement-breakpoint
DROP INDEX "follows_followee_idx";--> statement-breakpoint
DROP INDEX "follows_follower_time_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "reports_queue_idx";--> statement-breakpoint
DROP INDEX "work_favorites_user_time_idx";--> statement-breakpoint
DROP INDEX "work_likes_user_time_idx";--> statement-breakpoint
DROP INDEX "works_feed_idx";--> statement-breakpoint
DROP INDEX "works_kind_feed_idx";--> statement-breakpoint
DROP INDEX "works_cmp_feed_idx";--> statement-breakpoint
DROP INDEX "works_user_feed_idx";--> statement-breakpoint
DROP INDEX "works_remix_idx";--> statement-breakpoint
CREATE INDEX "campaign_entries_votes_idx" ON "campaign_entries" USING btree ("cmp_id","votes","work_id");--> statement-breakpoint
CREATE INDEX "campaign_entries_new_idx" ON "campaign_entries" USING btree ("cmp_id","created_at","work_id");--> statement-breakpoint
CREATE INDEX "campaigns_start_idx" ON "campaigns" USING btree ("entry_starts_at","id");--> statement-breakpoint
CREATE INDEX "comments_top_idx" ON "comments" USING btree ("work_id","created_at","id") WHERE "comments"."parent_id" is null;--> statement-breakpoint
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id","created_at","follower_id");--> statement-breakpoint
CREATE INDEX "follows_follower_time_idx" ON "follows" USING btree ("follower_id","created_at","followee_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "work_favorites_user_time_idx" ON "work_favorites" USING btree ("user_id","created_at","work_id");--> statement-breakpoint
CREATE INDEX "work_likes_user_time_idx" ON "work_likes" USING btree ("user_id","created_at","work_id");--> statement-breakpoint
CREATE INDEX "works_feed_idx" ON "works" USING btree ("published_at","id") WHERE "works"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "works_kind_feed_idx" ON "works" USING btree ("kind","published_at","id") WHERE "works"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "works_cmp_feed_idx" ON "works" USING btree ("cmp_id","published_at","id") WHERE "works"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "works_user_feed_idx" ON "works" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "works_remix_idx" ON "works" USING btree ("remix_of","published_at","id") WHERE "works"."remix_of" is not null;