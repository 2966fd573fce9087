-- Whether a message from the moderation team waits for a person, kept on their account by triggers in the
-- transaction of the change: every signed-in page asks (the session's read), and a column read there costs less
-- than looking through team_messages on every request. Worked out again from the messages on each change, so it
-- cannot drift from them.
ALTER TABLE accounts ADD COLUMN team_messages_waiting INTEGER NOT NULL DEFAULT 0 CHECK (team_messages_waiting IN (0, 1));

UPDATE accounts SET team_messages_waiting = EXISTS (
    SELECT 1 FROM team_messages t WHERE t.tenant_id = accounts.tenant_id AND t.account_id = accounts.id AND t.seen_at IS NULL);

CREATE TRIGGER team_messages_insert_waiting AFTER INSERT ON team_messages BEGIN
    UPDATE accounts SET team_messages_waiting = EXISTS (
        SELECT 1 FROM team_messages t WHERE t.tenant_id = accounts.tenant_id AND t.account_id = accounts.id AND t.seen_at IS NULL)
    WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

-- Both the old and the new owner, should a message ever move.
CREATE TRIGGER team_messages_update_waiting AFTER UPDATE ON team_messages BEGIN
    UPDATE accounts SET team_messages_waiting = EXISTS (
        SELECT 1 FROM team_messages t WHERE t.tenant_id = accounts.tenant_id AND t.account_id = accounts.id AND t.seen_at IS NULL)
    WHERE (tenant_id = OLD.tenant_id AND id = OLD.account_id) OR (tenant_id = NEW.tenant_id AND id = NEW.account_id);
END;

CREATE TRIGGER team_messages_delete_waiting AFTER DELETE ON team_messages BEGIN
    UPDATE accounts SET team_messages_waiting = EXISTS (
        SELECT 1 FROM team_messages t WHERE t.tenant_id = accounts.tenant_id AND t.account_id = accounts.id AND t.seen_at IS NULL)
    WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;
