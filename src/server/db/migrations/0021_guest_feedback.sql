ALTER TABLE "requests" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "outcome_at" bigint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "reopened_at" bigint;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "rating" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "rating_comment" text;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "rated_at" bigint;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_rating_check" CHECK ("requests"."rating" is null or ("requests"."rating" between 1 and 5 and "requests"."type" = 'bill'));