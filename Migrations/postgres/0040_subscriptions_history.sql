-- As Migrations/sqlite/0048_subscriptions_history.sql: a person's subscription moves their history version on,
-- deferred to the commit as the other version triggers are (0023).
CREATE CONSTRAINT TRIGGER subscriptions_history AFTER INSERT OR UPDATE OR DELETE ON subscriptions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
