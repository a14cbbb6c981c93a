ALTER TABLE "requests" DROP CONSTRAINT "requests_status_check";--> statement-breakpoint
DROP INDEX "requests_pending_idx";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "acknowledged_at" bigint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "acknowledged_by" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "resolved_at" bigint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "resolved_by" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "show_server_names" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Requests completed before this migration enter the history (and keep counting in the average response time).
UPDATE "requests" SET "resolved_at" = "updated_at" WHERE "status" = 'completed';--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_open_idx" ON "requests" USING btree ("restaurant_id","created_at") WHERE status in ('pending', 'acknowledged');--> statement-breakpoint
CREATE INDEX "requests_history_idx" ON "requests" USING btree ("restaurant_id","resolved_at","id") WHERE resolved_at is not null;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_status_check" CHECK ("requests"."status" in ('pending','acknowledged','completed','dismissed'));