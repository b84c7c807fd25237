ALTER TABLE "mail_outbox" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "language" text;