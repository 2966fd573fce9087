-- Moderators' private notes move the tenant's community version on (0031), as every other row a moderation page shows
-- does: a post's page is kept per version, and a note saved on one node must show on every node's copy of it.
CREATE TRIGGER moderator_notes_insert_community AFTER INSERT ON moderator_notes BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER moderator_notes_update_community AFTER UPDATE ON moderator_notes BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = NEW.tenant_id;
END;

CREATE TRIGGER moderator_notes_delete_community AFTER DELETE ON moderator_notes BEGIN
    UPDATE community_versions SET version = version + 1 WHERE tenant_id = OLD.tenant_id;
END;
