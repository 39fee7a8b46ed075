CREATE TABLE "notice_mail_windows" (
	"user_id" bigint NOT NULL,
	"setting" text NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notice_mail_windows_user_id_setting_pk" PRIMARY KEY("user_id","setting")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mail_pending" text;--> statement-breakpoint
ALTER TABLE "notice_mail_windows" ADD CONSTRAINT "notice_mail_windows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_mail_pending_idx" ON "notifications" USING btree ("user_id","mail_pending") WHERE "notifications"."mail_pending" is not null;