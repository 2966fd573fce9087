-- Insights' lift of each reset (the mood before and after, summed by reset over a year) read from the index alone, as
-- the calendar's summaries are (0014): without reset_id and mood_before in it, a year of runs was a look-up into the
-- table for every run (/insights spent most of its time there).
DROP INDEX runs_by_day;
CREATE INDEX runs_by_day ON runs (tenant_id, account_id, local_day, mood, mood_before, reset_id);
