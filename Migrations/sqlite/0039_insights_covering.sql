-- A member's runs by day, read from the index alone: insights' lift of each reset (mood before and after, summed by
-- reset over a year), the latest mood on the home page (the newest day first, then the newest start) and today's
-- unfinished runs newest first, as the calendar's summaries already were (0014). Without started_at, reset_id and
-- mood_before in it, each of these looked every run up in the table (/insights spent most of its time there).
DROP INDEX runs_by_day;
CREATE INDEX runs_by_day ON runs (tenant_id, account_id, local_day, started_at, mood, mood_before, reset_id);
