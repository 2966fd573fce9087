-- The calendar's day summaries (count, rated count and mood total per local day) read from the index alone:
-- with mood in the index, a year of history is one range scan and no look-up into the table per run.
DROP INDEX runs_by_day;
CREATE INDEX runs_by_day ON runs (tenant_id, account_id, local_day, mood);
