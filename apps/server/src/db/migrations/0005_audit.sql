ALTER TABLE "proposals" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "save_writer" uuid;--> statement-breakpoint
ALTER TABLE "proposals" ADD COLUMN "save_seq" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment" jsonb;--> statement-breakpoint
CREATE INDEX "proposals_deleted_at_idx" ON "proposals" USING btree ("deleted_at") WHERE "proposals"."deleted_at" is not null;