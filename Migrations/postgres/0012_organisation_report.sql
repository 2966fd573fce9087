-- The organisation's aggregate report (issue 17): the smallest group a figure may describe (default 10, never below
-- 5), and indexes so a week-by-week count reads one tenant's recent rows, not all of them. As
-- Migrations/sqlite/0020_organisation_report.sql.
ALTER TABLE tenants ADD COLUMN min_group_size INTEGER NOT NULL DEFAULT 10 CHECK (min_group_size BETWEEN 5 AND 1000);
CREATE INDEX runs_by_start ON runs (tenant_id, started_at);
CREATE INDEX check_ins_by_creation ON check_ins (tenant_id, created_at);
CREATE INDEX posts_by_creation ON posts (tenant_id, created_at);
