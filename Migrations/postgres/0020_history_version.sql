-- As Migrations/sqlite/0028_history_version.sql: the number an account's calendar history moves on by when it changes.
ALTER TABLE accounts ADD COLUMN history_version BIGINT NOT NULL DEFAULT 0;
