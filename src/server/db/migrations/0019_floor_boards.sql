CREATE TABLE "floor_boards" (
	"id" text PRIMARY KEY NOT NULL,
	"restaurant_id" text NOT NULL,
	"name" text NOT NULL,
	"code_hash" text,
	"code_expires_at" bigint,
	"token_hash" text,
	"created_at" bigint NOT NULL,
	"paired_at" bigint,
	"last_seen_at" bigint,
	CONSTRAINT "floor_boards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "floor_boards_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "floor_boards" ADD CONSTRAINT "floor_boards_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "floor_boards_restaurant_idx" ON "floor_boards" USING btree ("restaurant_id");