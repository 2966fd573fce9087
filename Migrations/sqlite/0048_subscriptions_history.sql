-- A person's subscription moves their history version on too, in the transaction of the change: the day's
-- allowance (free resets left, or unlimited) is kept under that number with their runs (Sources/Web/KeptToday.swift),
-- so a subscription started, cancelled or lapsed through any node, or by the payment provider's webhook, is seen at once.
CREATE TRIGGER subscriptions_insert_history AFTER INSERT ON subscriptions BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER subscriptions_update_history AFTER UPDATE ON subscriptions BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = NEW.tenant_id AND id = NEW.account_id;
END;

CREATE TRIGGER subscriptions_delete_history AFTER DELETE ON subscriptions BEGIN
    UPDATE accounts SET history_version = history_version + 1 WHERE tenant_id = OLD.tenant_id AND id = OLD.account_id;
END;
