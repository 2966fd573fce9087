-- As Migrations/sqlite/0050_small_steps_history.sql: a person's small brave steps move their history version on,
-- deferred to the commit as the other version triggers are (0023).
CREATE CONSTRAINT TRIGGER small_steps_history AFTER INSERT OR UPDATE OR DELETE ON small_steps
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
