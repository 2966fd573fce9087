-- As Migrations/sqlite/0047_worries_history.sql: a person's worries and worry time move their history version on,
-- deferred to the commit as the other version triggers are (0023).
CREATE CONSTRAINT TRIGGER worries_history AFTER INSERT OR UPDATE OR DELETE ON worries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
CREATE CONSTRAINT TRIGGER worry_times_history AFTER INSERT OR UPDATE OR DELETE ON worry_times
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
