CREATE TABLE "guardian_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"guardian_email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_ages" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"birth_date" date NOT NULL,
	"consent" text,
	"guardian_email" text,
	"consent_sent_at" timestamp with time zone,
	"consent_decided_at" timestamp with time zone,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guardian_links" ADD CONSTRAINT "guardian_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ages" ADD CONSTRAINT "user_ages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_links_user_idx" ON "guardian_links" USING btree ("user_id");