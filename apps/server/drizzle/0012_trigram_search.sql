CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "tasks_prompt_trgm_idx" ON "tasks" USING gin (("settings" ->> 'prompt') gin_trgm_ops);
