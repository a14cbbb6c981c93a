CREATE TABLE "visits" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"table_id" text NOT NULL,
	"opened_at" bigint NOT NULL,
	"opened_by" text,
	"closed_at" bigint,
	"closed_by" text,
	"close_reason" text,
	"order_reminded_at" bigint,
	"bill_reminded_at" bigint,
	CONSTRAINT "visits_close_reason_check" CHECK ("visits"."close_reason" is null or "visits"."close_reason" in ('cleared','bill','idle'))
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "visit_id" text;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "visit_close_after_bill_minutes" integer DEFAULT 15;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "order_reminder_minutes" integer;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "bill_reminder_minutes" integer;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "visit_id" text;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "seated_at" bigint;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_restaurant_opened_idx" ON "visits" USING btree ("restaurant_id","opened_at");--> statement-breakpoint
CREATE INDEX "visits_open_idx" ON "visits" USING btree ("opened_at") WHERE closed_at is null;