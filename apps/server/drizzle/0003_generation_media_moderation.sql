CREATE TABLE "asset_folder_items" (
	"media_key" text PRIMARY KEY NOT NULL,
	"folder_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"added_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_folders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"algo_type" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_outputs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"task_id" uuid NOT NULL,
	"idx" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"thumb_key" text,
	"wm_key" text,
	"mime" text NOT NULL,
	"width" integer,
	"height" integer,
	"duration_s" double precision,
	"seed" bigint,
	"nsfw_score" double precision,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"task_type" text NOT NULL,
	"media" text NOT NULL,
	"engine" text NOT NULL,
	"status" text NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"settings" jsonb NOT NULL,
	"inputs" jsonb NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"lane" integer NOT NULL,
	"max_running" integer NOT NULL,
	"cost" integer NOT NULL,
	"hold_id" uuid,
	"captured" integer DEFAULT 0 NOT NULL,
	"error_code" integer,
	"error_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media_objects" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"origin" text NOT NULL,
	"status" text NOT NULL,
	"declared_type" text,
	"declared_size" bigint,
	"mime" text,
	"size" bigint,
	"width" integer,
	"height" integer,
	"duration_s" real,
	"seed" bigint,
	"task_id" text,
	"thumb_key" text,
	"wm_key" text,
	"rejection" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_objects_key_uq" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "moderation_terms" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"term" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_folder_items" ADD CONSTRAINT "asset_folder_items_media_key_media_objects_key_fk" FOREIGN KEY ("media_key") REFERENCES "public"."media_objects"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_folder_items" ADD CONSTRAINT "asset_folder_items_folder_id_asset_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."asset_folders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_folder_items" ADD CONSTRAINT "asset_folder_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_folders" ADD CONSTRAINT "asset_folders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_outputs" ADD CONSTRAINT "task_outputs_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_objects" ADD CONSTRAINT "media_objects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_folder_items_folder_idx" ON "asset_folder_items" USING btree ("folder_id","added_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_folders_name_uq" ON "asset_folders" USING btree ("user_id","algo_type",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "task_outputs_task_idx_uq" ON "task_outputs" USING btree ("task_id","idx");--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_request_uq" ON "tasks" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE INDEX "tasks_queue_idx" ON "tasks" USING btree ("created_at") WHERE "tasks"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "tasks_user_active_idx" ON "tasks" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "tasks_lease_idx" ON "tasks" USING btree ("lease_expires_at") WHERE "tasks"."status" = 'generating';--> statement-breakpoint
CREATE INDEX "tasks_user_created_idx" ON "tasks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "media_objects_user_idx" ON "media_objects" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_terms_term_uq" ON "moderation_terms" USING btree (lower("term"));