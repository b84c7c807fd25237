ALTER TABLE "business_profiles" ADD COLUMN "default_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;