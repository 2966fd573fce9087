-- As Migrations/sqlite/0049_team_messages_waiting.sql: whether a message from the moderation team waits for a
-- person, kept on their account, worked out again from the messages by a trigger deferred to the commit (as the
-- version triggers are, 0023), so the session's read on every signed-in page need not look through team_messages.
ALTER TABLE accounts ADD COLUMN team_messages_waiting INTEGER NOT NULL DEFAULT 0 CHECK (team_messages_waiting IN (0, 1));

UPDATE accounts SET team_messages_waiting = CASE WHEN EXISTS (
    SELECT 1 FROM team_messages t WHERE t.tenant_id = accounts.tenant_id AND t.account_id = accounts.id AND t.seen_at IS NULL
) THEN 1 ELSE 0 END;

CREATE FUNCTION team_messages_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    changed_tenant TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
    changed_account TEXT := CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END;
BEGIN
    UPDATE accounts SET team_messages_waiting = CASE WHEN EXISTS (
        SELECT 1 FROM team_messages t WHERE t.tenant_id = accounts.tenant_id AND t.account_id = accounts.id AND t.seen_at IS NULL
    ) THEN 1 ELSE 0 END
    WHERE tenant_id = changed_tenant AND id = changed_account;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER team_messages_waiting AFTER INSERT OR UPDATE OR DELETE ON team_messages
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION team_messages_changed();
