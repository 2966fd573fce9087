-- A member's runs by day, read from the index alone (as Migrations/sqlite/0039_insights_covering.sql).
DROP INDEX runs_by_day;
CREATE INDEX runs_by_day ON runs (tenant_id, account_id, local_day, started_at) INCLUDE (mood, mood_before, reset_id);
