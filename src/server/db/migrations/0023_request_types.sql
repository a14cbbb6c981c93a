ALTER TABLE "requests" DROP CONSTRAINT "requests_type_check";--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "request_types" jsonb DEFAULT '{"hidden":[],"custom":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_type_check" CHECK ("requests"."type" in ('server','order','refill','bill') or "requests"."type" ~ '^c_[a-z0-9]{10}$');