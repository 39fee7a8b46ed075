CREATE TABLE "oauth_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "user_identities" ADD COLUMN "avatar" text;--> statement-breakpoint
ALTER TABLE "oauth_states" ADD CONSTRAINT "oauth_states_session_id_auth_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."auth_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oauth_states_session_idx" ON "oauth_states" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_wechat_user_uq" ON "user_identities" USING btree ("user_id") WHERE "user_identities"."provider" = 'wechat';