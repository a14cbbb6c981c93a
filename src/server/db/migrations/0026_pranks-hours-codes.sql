CREATE TABLE "press_blocks" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"request_id" text,
	"table_number" text NOT NULL,
	"device_id" text,
	"address" text NOT NULL,
	"device_until" bigint NOT NULL,
	"address_until" bigint NOT NULL,
	"created_by" text,
	"created_at" bigint NOT NULL,
	"lifted_at" bigint
);
--> statement-breakpoint
CREATE TABLE "press_origins" (
	"request_id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"device_id" text,
	"address" text NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "opening_hours" jsonb;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "press_budget_per_minute" integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "guest_code" text;--> statement-breakpoint
ALTER TABLE "press_blocks" ADD CONSTRAINT "press_blocks_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_blocks" ADD CONSTRAINT "press_blocks_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_blocks" ADD CONSTRAINT "press_blocks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_origins" ADD CONSTRAINT "press_origins_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "press_origins" ADD CONSTRAINT "press_origins_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "press_blocks_restaurant_idx" ON "press_blocks" USING btree ("restaurant_id","device_until");--> statement-breakpoint
CREATE UNIQUE INDEX "press_blocks_request_unique" ON "press_blocks" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "press_origins_device_idx" ON "press_origins" USING btree ("restaurant_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tables_restaurant_guest_code_unique" ON "tables" USING btree ("restaurant_id","guest_code");