-- As Migrations/sqlite/0043_setbacks_history.sql: a person's setbacks move their history version on, deferred to the
-- commit as the other version triggers are (0023).
CREATE CONSTRAINT TRIGGER setbacks_history AFTER INSERT OR UPDATE OR DELETE ON setbacks
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
