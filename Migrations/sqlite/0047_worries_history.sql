-- A person's worries and their worry time move their history version on too (as their runs, check-ins, setbacks,
-- practices, glimmers and reflections do: 0031, 0043, 0046), in the transaction of the change: the worry page and the
-- insights are kept under that number (Sources/Web/Handlers/WorriesHandler.swift, InsightsHandler.swift), so a worry
-- written, sorted or deleted on any node is seen on them at once.
CREATE TRIGGER worries_insert_history AFTER INSERT ON worries BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER worries_update_history AFTER UPDATE ON worries BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER worries_delete_history AFTER DELETE ON worries BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;

CREATE TRIGGER worry_times_insert_history AFTER INSERT ON worry_times BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER worry_times_update_history AFTER UPDATE ON worry_times BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER worry_times_delete_history AFTER DELETE ON worry_times BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;
