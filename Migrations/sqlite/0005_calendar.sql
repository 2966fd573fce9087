-- The calendar: which day a person's week starts on, and each run's local time of day, fixed at start
-- like its local day, so a later change of time zone never moves a run.
ALTER TABLE accounts ADD COLUMN week_starts_on TEXT NOT NULL DEFAULT 'monday' CHECK (week_starts_on IN ('monday', 'sunday'));
ALTER TABLE runs ADD COLUMN local_time TEXT NOT NULL DEFAULT '00:00' CHECK (local_time GLOB '[0-2][0-9]:[0-5][0-9]');
