-- As Migrations/sqlite/0045_moderator_notes_community.sql: moderators' private notes move the tenant's community
-- version on, deferred to the commit as the other community triggers are (0023).
CREATE CONSTRAINT TRIGGER moderator_notes_community AFTER INSERT OR UPDATE OR DELETE ON moderator_notes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
