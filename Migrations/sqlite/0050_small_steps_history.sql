-- A person's small brave steps move their history version on too, in the transaction of the change: /setbacks keeps
-- today's step (chosen, swapped, done or let go) with the list it is chosen from, under that number
-- (Sources/Web/Handlers/SetbacksHandler.swift), so a step swapped or done through any node is seen at once.
CREATE TRIGGER small_steps_insert_history AFTER INSERT ON small_steps BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER small_steps_update_history AFTER UPDATE ON small_steps BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER small_steps_delete_history AFTER DELETE ON small_steps BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;
