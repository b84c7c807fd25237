CREATE TABLE "storage_deletions" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "storage_deletions_due_idx" ON "storage_deletions" USING btree ("next_attempt_at");
--> statement-breakpoint
CREATE FUNCTION "queue_storage_deletion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.storage_key IS NOT NULL THEN
		INSERT INTO "storage_deletions" ("storage_key") VALUES (OLD.storage_key)
		ON CONFLICT ("storage_key") DO UPDATE SET "next_attempt_at" = now(), "locked_until" = NULL;
		PERFORM pg_notify('draftwell_storage_deletions', '');
	END IF;
	RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "files_queue_storage_deletion" AFTER DELETE ON "files"
	FOR EACH ROW EXECUTE FUNCTION "queue_storage_deletion"();
--> statement-breakpoint
CREATE TRIGGER "sealed_documents_queue_storage_deletion" AFTER DELETE ON "sealed_documents"
	FOR EACH ROW EXECUTE FUNCTION "queue_storage_deletion"();
