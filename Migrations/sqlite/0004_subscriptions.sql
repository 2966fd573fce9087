-- Subscriptions, payments and the daily limit's exceptions. Money is in integer minor units with a currency.
ALTER TABLE tenants ADD COLUMN price_currency TEXT NOT NULL DEFAULT 'GBP' CHECK (price_currency IN ('GBP', 'EUR', 'USD'));
-- An organisation that pays for everyone: every member is unlimited.
ALTER TABLE tenants ADD COLUMN licence_all_members INTEGER NOT NULL DEFAULT 0 CHECK (licence_all_members IN (0, 1));
-- Signs payment webhooks. SQLite cannot add a column with a random default, so existing tenants get one here
-- and new tenants one when they are created.
ALTER TABLE tenants ADD COLUMN webhook_secret TEXT NOT NULL DEFAULT '';
UPDATE tenants SET webhook_secret = lower(hex(randomblob(32))) WHERE webhook_secret = '';

-- One subscription per person. Status: active; cancelling (cancelled at period end, active until then);
-- past_due (a renewal failed; active until grace_until); expired.
CREATE TABLE subscriptions (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('active', 'cancelling', 'past_due', 'expired')),
    price_minor INTEGER NOT NULL CHECK (price_minor >= 0),
    currency TEXT NOT NULL CHECK (currency IN ('GBP', 'EUR', 'USD')),
    current_period_end INTEGER NOT NULL,
    grace_until INTEGER,
    renewal_fails INTEGER NOT NULL DEFAULT 0 CHECK (renewal_fails IN (0, 1)),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    UNIQUE (tenant_id, account_id),
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX subscriptions_due ON subscriptions (status, current_period_end);

CREATE TABLE payments (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
    currency TEXT NOT NULL CHECK (currency IN ('GBP', 'EUR', 'USD')),
    outcome TEXT NOT NULL CHECK (outcome IN ('paid', 'declined')),
    description TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT;
CREATE INDEX payments_account ON payments (tenant_id, account_id, created_at);

-- A checkout started on the hosted (test) checkout page.
CREATE TABLE checkouts (
    id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 32),
    tenant_id TEXT NOT NULL,
    account_id TEXT NOT NULL,
    amount_minor INTEGER NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'declined')),
    created_at INTEGER NOT NULL,
    FOREIGN KEY (account_id, tenant_id) REFERENCES accounts (id, tenant_id) ON DELETE CASCADE
) STRICT;

-- Webhook events already applied: each event id changes things once.
CREATE TABLE webhook_events (
    tenant_id TEXT NOT NULL REFERENCES tenants (id) ON DELETE CASCADE,
    event_id TEXT NOT NULL CHECK (length(event_id) BETWEEN 1 AND 100),
    type TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    PRIMARY KEY (tenant_id, event_id)
) STRICT, WITHOUT ROWID;
