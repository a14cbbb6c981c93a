CREATE TABLE "staff_presence" (
	"instance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"restaurant_id" text NOT NULL,
	"connections" integer NOT NULL,
	"seen_at" bigint NOT NULL,
	CONSTRAINT "staff_presence_instance_id_user_id_pk" PRIMARY KEY("instance_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "table_assignments" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"table_id" text NOT NULL,
	"server_id" text,
	"kind" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "staff_presence" ADD CONSTRAINT "staff_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_presence" ADD CONSTRAINT "staff_presence_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_assignments" ADD CONSTRAINT "table_assignments_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_assignments" ADD CONSTRAINT "table_assignments_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_assignments" ADD CONSTRAINT "table_assignments_server_id_users_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_presence_restaurant_idx" ON "staff_presence" USING btree ("restaurant_id","user_id");--> statement-breakpoint
CREATE INDEX "table_assignments_restaurant_at_idx" ON "table_assignments" USING btree ("restaurant_id","at");--> statement-breakpoint
CREATE INDEX "requests_acknowledged_idx" ON "requests" USING btree ("restaurant_id","acknowledged_at") WHERE acknowledged_at is not null;--> statement-breakpoint
CREATE INDEX "requests_escalated_idx" ON "requests" USING btree ("restaurant_id","escalated_at") WHERE escalated_at is not null;