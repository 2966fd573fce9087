#!/usr/bin/env bash
# bench/pages.sh BIN DB ROOT: seeds realistic data into a fresh SQLite database for bench/run.sh, before its resett
# starts. A member with five years of daily runs (and today's unfinished, unrated and rated runs); a community of
# 10,000 posts with 30,000 reactions; a moderation queue of 200 posts (100 held for safety, 100 hidden by reports); a
# year of setbacks, one a day; a year of practices, one a day (glimmers and worries need a data key, which the bench
# server has not: their pages are measured empty).
# Prints the shell variables bench/run.sh needs (run ids, a day, a held post).
set -euo pipefail
bin=$1 db=$2 root=$3
"$bin" migrate --db "$db" --root "$root" >/dev/null 2>&1
for who in member:member moderator:moderator reactor1:member reactor2:member reactor3:member; do
  echo "a calm and steady passphrase" | "$bin" user create --db "$db" --root "$root" --tenant default \
    --email "${who%%:*}@bench.example" --password-stdin --role "${who##*:}" >/dev/null
done
step_run=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa mood_run=bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb result_run=cccccccccccccccccccccccccccccccc
held_post=dddddddddddddddddddddddddddddddd setback=eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee practice=ffffffffffffffffffffffffffffffff
sqlite3 "$db" <<SQL
PRAGMA foreign_keys = ON;
CREATE TEMP TABLE who AS SELECT a.id, a.tenant_id FROM accounts a WHERE a.email = 'member@bench.example';
WITH RECURSIVE d(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM d WHERE n < 1825)
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count,
                  steps_reached, outcome, finished_at, mood, duration_seconds, mood_before)
SELECT lower(hex(randomblob(16))), w.tenant_id, w.id, 'tired-blink-track', 'tired', strftime('%s', 'now') - n * 86400,
       date('now', '-' || n || ' days'), '08:00', 8, 8, 'completed', strftime('%s', 'now') - n * 86400 + 90, n % 10 + 1, 90,
       (n * 7) % 10 + 1
FROM d, who w;
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count, steps_reached)
SELECT '$step_run', tenant_id, id, 'stressed-grounding-walk', 'stressed', strftime('%s', 'now'), date('now'), '08:00', 8, 8 FROM who;
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count, steps_reached,
                  outcome, finished_at, duration_seconds)
SELECT '$mood_run', tenant_id, id, 'tired-blink-track', 'tired', strftime('%s', 'now'), date('now'), '08:05', 8, 8, 'completed',
       strftime('%s', 'now') + 95, 95 FROM who;
INSERT INTO runs (id, tenant_id, account_id, reset_id, emotion, started_at, local_day, local_time, step_count, steps_reached,
                  outcome, finished_at, duration_seconds, mood, mood_before)
SELECT '$result_run', tenant_id, id, 'stressed-tense-release', 'stressed', strftime('%s', 'now'), date('now'), '08:10', 6, 6,
       'completed', strftime('%s', 'now') + 80, 80, 7, 4 FROM who;
WITH RECURSIVE p(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM p WHERE n < 10000)
INSERT INTO posts (id, tenant_id, author_id, topic, body, status, created_at)
SELECT lower(hex(randomblob(16))), w.tenant_id, w.id, 'wins',
       'Post number ' || n || ': went for a short walk at lunch and it helped more than I expected. Small wins count.',
       'visible', strftime('%s', 'now') - (10000 - n) * 60
FROM p, who w;
INSERT INTO reactions (tenant_id, post_id, account_id, kind)
SELECT p.tenant_id, p.id, a.id, CASE abs(random()) % 4 WHEN 0 THEN 'support' WHEN 1 THEN 'relate' WHEN 2 THEN 'celebrate' ELSE 'hug' END
FROM posts p JOIN accounts a ON a.tenant_id = p.tenant_id AND a.email LIKE 'reactor%@bench.example';
-- Each post's counts, as the app keeps them with its reactions (Migrations/sqlite/0027_reaction_counts.sql).
UPDATE posts SET
    support_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'support'),
    relate_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'relate'),
    celebrate_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'celebrate'),
    hug_count = (SELECT count(*) FROM reactions r WHERE r.tenant_id = posts.tenant_id AND r.post_id = posts.id AND r.kind = 'hug');
WITH RECURSIVE q(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM q WHERE n < 200)
INSERT INTO posts (id, tenant_id, author_id, topic, body, status, held_for, created_at)
SELECT CASE n WHEN 1 THEN '$held_post' ELSE lower(hex(randomblob(16))) END, w.tenant_id, w.id, 'other',
       'Waiting post ' || n || ': some days are heavy and I do not know who to talk to.', 'held',
       CASE WHEN n <= 100 THEN 'safety' ELSE 'reports' END, strftime('%s', 'now') - n * 600
FROM q, who w;
INSERT INTO reports (id, tenant_id, post_id, reporter_id, reason, created_at)
SELECT lower(hex(randomblob(16))), p.tenant_id, p.id, a.id, 'unkind', p.created_at + 60
FROM posts p JOIN accounts a ON a.tenant_id = p.tenant_id AND a.email = 'reactor1@bench.example' WHERE p.held_for = 'reports';
UPDATE posts SET status = 'hidden' WHERE held_for = 'reports';
-- A year of setbacks, one a day, every kind, half of them moved on from (no notes: the bench server has no data key).
WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 365)
INSERT INTO setbacks (tenant_id, id, account_id, kind, hurt, happened_at, happened_day, moved_on_at, created_at, updated_at)
SELECT w.tenant_id, CASE n WHEN 1 THEN '$setback' ELSE lower(hex(randomblob(16))) END, w.id,
       CASE n % 6 WHEN 0 THEN 'dating' WHEN 1 THEN 'job' WHEN 2 THEN 'work' WHEN 3 THEN 'social' WHEN 4 THEN 'academic' ELSE 'other' END,
       n % 10 + 1, strftime('%s', 'now') - n * 86400, date('now', '-' || n || ' days'),
       CASE WHEN n % 2 = 0 THEN strftime('%s', 'now') - n * 86400 + (n % 5) * 86400 END,
       strftime('%s', 'now') - n * 86400, strftime('%s', 'now') - n * 86400
FROM s, who w;
-- A year of practices, one a day, finished, with moods.
WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < 365)
INSERT INTO practice_sessions (tenant_id, id, account_id, practice, minutes, mood_before, mood_after, day, started_at, finished_at)
SELECT w.tenant_id, CASE n WHEN 1 THEN '$practice' ELSE lower(hex(randomblob(16))) END, w.id,
       CASE n % 5 WHEN 0 THEN 'container' WHEN 1 THEN 'long-exhale' WHEN 2 THEN 'humming' WHEN 3 THEN 'cool-water' ELSE 'ear-jaw' END,
       n % 4 + 1, n % 10 + 1, (n + 3) % 10 + 1, date('now', '-' || (n - 1) || ' days'),
       strftime('%s', 'now') - (n - 1) * 86400, strftime('%s', 'now') - (n - 1) * 86400 + 180
FROM s, who w;
ANALYZE;
SQL
echo "step_run=$step_run mood_run=$mood_run result_run=$result_run held_post=$held_post setback=$setback practice=$practice yesterday=$(date -d yesterday +%F)"
