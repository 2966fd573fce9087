-- As Migrations/sqlite/0031_version_triggers.sql: the community and history versions move on by triggers, in the
-- transaction of the change. Constraint triggers deferred to the commit, so a version's row is locked last, after
-- every row the transaction changes: taken at the first change it would be held across the rest, and two transactions
-- taking the same rows in the other order (a reaction and a moderator's action on one post) could deadlock.
CREATE FUNCTION community_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE community_versions SET version = version + 1
     WHERE tenant_id = CASE WHEN TG_OP = 'DELETE' THEN OLD.tenant_id ELSE NEW.tenant_id END;
    RETURN NULL;
END $$;

CREATE FUNCTION history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
    ELSE
        UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
    END IF;
    RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER posts_community AFTER INSERT OR UPDATE OR DELETE ON posts
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
CREATE CONSTRAINT TRIGGER reactions_community AFTER INSERT OR UPDATE OR DELETE ON reactions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
CREATE CONSTRAINT TRIGGER reports_community AFTER INSERT OR UPDATE OR DELETE ON reports
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
CREATE CONSTRAINT TRIGGER posting_restrictions_community AFTER INSERT OR UPDATE OR DELETE ON posting_restrictions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
CREATE CONSTRAINT TRIGGER community_topics_community AFTER INSERT OR UPDATE OR DELETE ON community_topics
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
CREATE CONSTRAINT TRIGGER accounts_email_community AFTER UPDATE OF email ON accounts
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.email IS DISTINCT FROM OLD.email) EXECUTE FUNCTION community_changed();
CREATE CONSTRAINT TRIGGER runs_history AFTER INSERT OR UPDATE OR DELETE ON runs
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
CREATE CONSTRAINT TRIGGER check_ins_history AFTER INSERT OR UPDATE OR DELETE ON check_ins
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
