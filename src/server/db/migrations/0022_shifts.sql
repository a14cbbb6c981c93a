CREATE TABLE "handovers" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"from_server_id" text NOT NULL,
	"to_server_id" text NOT NULL,
	"state" text NOT NULL,
	"table_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"request_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"by_user_id" text,
	"offered_at" bigint NOT NULL,
	"answered_at" bigint,
	CONSTRAINT "handovers_state_check" CHECK ("handovers"."state" in ('offered','accepted','declined','cancelled'))
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"server_id" text NOT NULL,
	"section_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"started_at" bigint NOT NULL,
	"ended_at" bigint,
	"ended_by" text
);
--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_from_server_id_users_id_fk" FOREIGN KEY ("from_server_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_to_server_id_users_id_fk" FOREIGN KEY ("to_server_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_server_id_users_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_offered_unique" ON "handovers" USING btree ("from_server_id") WHERE state = 'offered';--> statement-breakpoint
CREATE INDEX "handovers_restaurant_offered_idx" ON "handovers" USING btree ("restaurant_id","offered_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_open_unique" ON "shifts" USING btree ("restaurant_id","server_id") WHERE ended_at is null;--> statement-breakpoint
CREATE INDEX "shifts_restaurant_started_idx" ON "shifts" USING btree ("restaurant_id","started_at");