CREATE TABLE "restaurant_ids" (
	"id" text PRIMARY KEY NOT NULL,
	"issued_at" bigint NOT NULL
);
--> statement-breakpoint
-- Every id issued so far is taken for good (docs/decisions/024); ids deleted before this migration are unknown.
INSERT INTO "restaurant_ids" ("id", "issued_at") SELECT "id", "created_at" FROM "restaurants";
