CREATE TABLE "section_servers" (
	"section_id" text NOT NULL,
	"server_id" text NOT NULL,
	"restaurant_id" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "section_servers_section_id_server_id_pk" PRIMARY KEY("section_id","server_id")
);
--> statement-breakpoint
CREATE TABLE "sections" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "section_server_ids" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "table_assignments" ADD COLUMN "by_user_id" text;--> statement-breakpoint
ALTER TABLE "tables" ADD COLUMN "section_id" text;--> statement-breakpoint
ALTER TABLE "section_servers" ADD CONSTRAINT "section_servers_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_servers" ADD CONSTRAINT "section_servers_server_id_users_id_fk" FOREIGN KEY ("server_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "section_servers" ADD CONSTRAINT "section_servers_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "section_servers_server_idx" ON "section_servers" USING btree ("server_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sections_restaurant_name_unique" ON "sections" USING btree ("restaurant_id",lower("name"));--> statement-breakpoint
ALTER TABLE "table_assignments" ADD CONSTRAINT "table_assignments_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_section_id_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."sections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tables_section_idx" ON "tables" USING btree ("section_id");