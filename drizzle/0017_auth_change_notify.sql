-- Session cache invalidation (docs/decisions/0031-session-cache.md).
-- Each app instance keeps the sessions it has just looked up for a few
-- seconds. Any change that could make a cached session or its person wrong
-- (sign-out, expiry clean-up, account deletion, a profile edit, an operator's
-- UPDATE) tells every instance, through this channel, whose entries to drop.
-- Triggers, not application code, so no path can forget to tell.
-- Activity bookkeeping (sessions.last_seen_at moving forward,
-- users.last_active) changes nothing a request relies on and stays silent:
-- it is written every few minutes per person.
CREATE FUNCTION "auth_change_notify_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lendloop_auth', OLD."id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "auth_change_notify_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lendloop_auth', OLD."user_id"::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_change_update" AFTER UPDATE ON "users" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_active') IS DISTINCT FROM (to_jsonb(NEW) - 'last_active'))
  EXECUTE FUNCTION "auth_change_notify_user"();--> statement-breakpoint
CREATE TRIGGER "users_auth_change_delete" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "auth_change_notify_user"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change_update" AFTER UPDATE ON "sessions" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'last_seen_at') IS DISTINCT FROM (to_jsonb(NEW) - 'last_seen_at')
        OR NEW."last_seen_at" < OLD."last_seen_at")
  EXECUTE FUNCTION "auth_change_notify_session"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change_delete" AFTER DELETE ON "sessions" FOR EACH ROW
  EXECUTE FUNCTION "auth_change_notify_session"();
--> statement-breakpoint
-- TRUNCATE fires no row trigger and cannot name its people: '*' tells every
-- instance to forget every cached session ("sign everyone out").
CREATE FUNCTION "auth_change_notify_everyone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lendloop_auth', '*');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_auth_change_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT
  EXECUTE FUNCTION "auth_change_notify_everyone"();--> statement-breakpoint
CREATE TRIGGER "sessions_auth_change_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT
  EXECUTE FUNCTION "auth_change_notify_everyone"();
