CREATE TABLE "algo_config" (
	"id" serial PRIMARY KEY NOT NULL,
	"algo_set" text NOT NULL,
	"client_type" text DEFAULT 'all' NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"task_type" text,
	"engine" text,
	"cover" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" text NOT NULL,
	"event_time" timestamp with time zone NOT NULL,
	"channel_id" text,
	"user_id" text,
	"device_id" text,
	"page_name" text,
	"device" text,
	"custom_paras" jsonb,
	"user_agent" text,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "algo_config_set_client_key_uq" ON "algo_config" USING btree ("algo_set","client_type","key");--> statement-breakpoint
CREATE INDEX "tracking_events_event_time_idx" ON "tracking_events" USING btree ("event_id","event_time");