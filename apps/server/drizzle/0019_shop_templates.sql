CREATE TABLE "shop_templates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"size" jsonb NOT NULL,
	"category" text NOT NULL,
	"ratio" text NOT NULL,
	"scene" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_templates" ADD CONSTRAINT "shop_templates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_templates_user_idx" ON "shop_templates" USING btree ("user_id","created_at");