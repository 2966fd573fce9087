-- A person's setbacks move their history version on too (as runs and check-ins do, 0031), in the transaction of the
-- change: the setback patterns page keeps what a year of setbacks says under that number (Sources/Web/Handlers/
-- SetbacksHandler.swift), so a setback logged, changed, moved on from or deleted on any node is seen at once.
CREATE TRIGGER setbacks_insert_history AFTER INSERT ON setbacks BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER setbacks_update_history AFTER UPDATE ON setbacks BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER setbacks_delete_history AFTER DELETE ON setbacks BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;
