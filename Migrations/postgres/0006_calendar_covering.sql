-- The calendar's day summaries read from the index alone (as Migrations/sqlite/0014_calendar_covering.sql):
-- mood is carried in the index, so a year of history needs no heap fetch per run once the table is vacuumed.
DROP INDEX runs_by_day;
CREATE INDEX runs_by_day ON runs (tenant_id, account_id, local_day) INCLUDE (mood);
