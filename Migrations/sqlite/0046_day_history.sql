-- What else a calendar day shows moves the history version on too (as runs, check-ins and setbacks do, 0031 and 0043),
-- in the transaction of the change: a day's page is kept under that number (Sources/Web/Handlers/CalendarHandler.swift),
-- so a practice, glimmer or reflection saved, changed or deleted on any node is seen on it at once.
CREATE TRIGGER practice_sessions_insert_history AFTER INSERT ON practice_sessions BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER practice_sessions_update_history AFTER UPDATE ON practice_sessions BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER practice_sessions_delete_history AFTER DELETE ON practice_sessions BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;

CREATE TRIGGER glimmers_insert_history AFTER INSERT ON glimmers BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER glimmers_update_history AFTER UPDATE ON glimmers BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER glimmers_delete_history AFTER DELETE ON glimmers BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;

CREATE TRIGGER reflections_insert_history AFTER INSERT ON reflections BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER reflections_update_history AFTER UPDATE ON reflections BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER reflections_delete_history AFTER DELETE ON reflections BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;
