-- The community and history versions (0028, 0029) move on by triggers, in the transaction of the change, whatever
-- statement made it: a write path cannot forget them, and nothing reads the text of SQL to find out. The community
-- version moves with any row of what the feed and the moderation queue show (posts, reactions, reports, posting
-- restrictions, topics) and with an account's address (the queue names who has taken a post on by it); an account's
-- history version with any of its runs or check-ins. A row changed is a version moved: a few more moves than
-- strictly needed (a step reached) cost one small UPDATE, a missed one would leave every node showing a stale page.

CREATE TRIGGER posts_insert_community AFTER INSERT ON posts BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER posts_update_community AFTER UPDATE ON posts BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER posts_delete_community AFTER DELETE ON posts BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = OLD.tenant_id;
END;

CREATE TRIGGER reactions_insert_community AFTER INSERT ON reactions BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER reactions_update_community AFTER UPDATE ON reactions BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER reactions_delete_community AFTER DELETE ON reactions BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = OLD.tenant_id;
END;

CREATE TRIGGER reports_insert_community AFTER INSERT ON reports BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER reports_update_community AFTER UPDATE ON reports BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER reports_delete_community AFTER DELETE ON reports BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = OLD.tenant_id;
END;

CREATE TRIGGER posting_restrictions_insert_community AFTER INSERT ON posting_restrictions BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER posting_restrictions_update_community AFTER UPDATE ON posting_restrictions BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER posting_restrictions_delete_community AFTER DELETE ON posting_restrictions BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = OLD.tenant_id;
END;

CREATE TRIGGER community_topics_insert_community AFTER INSERT ON community_topics BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER community_topics_update_community AFTER UPDATE ON community_topics BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER community_topics_delete_community AFTER DELETE ON community_topics BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = OLD.tenant_id;
END;

CREATE TRIGGER accounts_email_community AFTER UPDATE OF email ON accounts WHEN NEW.email IS NOT OLD.email BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER runs_insert_history AFTER INSERT ON runs BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER runs_update_history AFTER UPDATE ON runs BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER runs_delete_history AFTER DELETE ON runs BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;

CREATE TRIGGER check_ins_insert_history AFTER INSERT ON check_ins BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER check_ins_update_history AFTER UPDATE ON check_ins BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER check_ins_delete_history AFTER DELETE ON check_ins BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;
