-- As Migrations/sqlite/0046_day_history.sql: a person's practices, glimmers and reflections move their history version
-- on, deferred to the commit as the other version triggers are (0023).
CREATE CONSTRAINT TRIGGER practice_sessions_history AFTER INSERT OR UPDATE OR DELETE ON practice_sessions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
CREATE CONSTRAINT TRIGGER glimmers_history AFTER INSERT OR UPDATE OR DELETE ON glimmers
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
CREATE CONSTRAINT TRIGGER reflections_history AFTER INSERT OR UPDATE OR DELETE ON reflections
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
