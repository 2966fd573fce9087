-- As Migrations/sqlite/0034_discretion.sql: the quick exit (the organisation's and the member's), and discreet mode.
ALTER TABLE tenants ADD COLUMN exit_button INTEGER NOT NULL DEFAULT 1 CHECK (exit_button IN (0, 1));
ALTER TABLE tenants ADD COLUMN exit_url TEXT CHECK (exit_url IS NULL OR (length(exit_url) BETWEEN 12 AND 300 AND substr(exit_url, 1, 8) = 'https://'));
ALTER TABLE accounts ADD COLUMN exit_button INTEGER NOT NULL DEFAULT 1 CHECK (exit_button IN (0, 1));
ALTER TABLE accounts ADD COLUMN discreet INTEGER NOT NULL DEFAULT 0 CHECK (discreet IN (0, 1));
