CREATE TABLE "saved_sections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"content" jsonb NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"block_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"starter_key" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_sections" ADD CONSTRAINT "saved_sections_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_sections_owner_idx" ON "saved_sections" USING btree ("owner_id","category","name","id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_sections_owner_starter_idx" ON "saved_sections" USING btree ("owner_id","starter_key");