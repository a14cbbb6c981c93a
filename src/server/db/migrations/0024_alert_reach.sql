ALTER TABLE "requests" ADD COLUMN "reach_stage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "receipted_at" bigint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "realerted_at" bigint;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "receipt_timeout_seconds" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "pager_repeat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "requests_reach_idx" ON "requests" USING btree ("created_at") WHERE status = 'pending';