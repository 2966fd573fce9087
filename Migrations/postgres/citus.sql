-- Distributing Resett's schema with Citus. Not a migration (its name has no number, so `resett migrate` never runs
-- it): an operator runs it once, by hand, on the Citus coordinator, after `resett migrate --db <coordinator URL>` and
-- before copying data in (or on a live database: Citus moves the rows it finds). See docs/scaling.md.
--
--   psql "$RESETT_DATABASE_URL" -v ON_ERROR_STOP=1 -f Migrations/postgres/citus.sql
--
-- Written against the Citus 12/13 documentation for PostgreSQL 15-17; it was not run on this project's CI, which
-- has no Citus package (docs/scaling.md says what was and was not tested).

CREATE EXTENSION IF NOT EXISTS citus;

BEGIN;

-- Shared by all tenants, small and read on every request: a copy on every worker, so a join of a tenant-owned
-- table with its tenant stays on one node. (tenants.id is the distribution value of everything else.)
SELECT create_reference_table('tenants');

-- Every tenant-owned table, distributed by tenant_id and co-located with accounts: one tenant's rows of every table
-- live in shards on the same worker, so its joins, foreign keys and transactions never leave that worker.
SELECT create_distributed_table('accounts', 'tenant_id');
SELECT create_distributed_table('tenant_unlimited_emails', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('sessions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('password_resets', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('sign_in_links', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('pending_identity_links', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('first_passkey_requests', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('pending_sign_ups', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('runs', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('subscriptions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('payments', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('checkouts', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('webhook_events', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('community_topics', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('posts', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('reactions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('reports', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('posting_restrictions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('moderation_audit', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('crisis_contacts', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('team_messages', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('moderator_notes', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('watched_words', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('check_in_tags', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('invitations', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('scim_tokens', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('tenant_logos', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('hidden_resets', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('organisation_resets', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('identity_providers', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('identity_links', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('sign_on_attempts', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('data_keys', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('check_ins', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('reflections', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('intentions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('community_versions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('organisation_report_parts', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('setbacks', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('small_steps', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('practice_sessions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('glimmers', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('worries', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('passkeys', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('passkey_challenges', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('reminders', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('push_devices', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('saml_assertions', 'tenant_id', colocate_with => 'accounts');
SELECT create_distributed_table('worry_times', 'tenant_id', colocate_with => 'accounts');

-- rate_limit_events stays an ordinary table on the coordinator: written on every login attempt, keyed by hashes
-- that may span tenants (an address), purged every minute. The app nodes all talk to the coordinator, so it is
-- shared by all of them. So does mail_outbox (mail waiting to go over SMTP, claimed by whichever node's worker is
-- free), and schema_migrations.

COMMIT;

-- The audit's append-only trigger: Citus 11+ propagates triggers on distributed tables only with this setting on.
-- Set it for the database (so later shards get the trigger too), then re-create the trigger once.
SELECT current_database() AS database \gset
ALTER DATABASE :"database" SET citus.enable_unsafe_triggers = on;
SET citus.enable_unsafe_triggers = on;
DROP TRIGGER moderation_audit_no_update ON moderation_audit;
CREATE TRIGGER moderation_audit_no_update BEFORE UPDATE ON moderation_audit
    FOR EACH ROW EXECUTE FUNCTION moderation_audit_no_update();

-- The version triggers (0023_version_triggers.sql) likewise. Each changes only its own tenant's row of a co-located
-- table (community_versions, accounts), so it runs on the worker that holds the shard. Not run on CI (no Citus).
DROP TRIGGER posts_community ON posts;
CREATE CONSTRAINT TRIGGER posts_community AFTER INSERT OR UPDATE OR DELETE ON posts
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
DROP TRIGGER reactions_community ON reactions;
CREATE CONSTRAINT TRIGGER reactions_community AFTER INSERT OR UPDATE OR DELETE ON reactions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
DROP TRIGGER reports_community ON reports;
CREATE CONSTRAINT TRIGGER reports_community AFTER INSERT OR UPDATE OR DELETE ON reports
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
DROP TRIGGER posting_restrictions_community ON posting_restrictions;
CREATE CONSTRAINT TRIGGER posting_restrictions_community AFTER INSERT OR UPDATE OR DELETE ON posting_restrictions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
DROP TRIGGER community_topics_community ON community_topics;
CREATE CONSTRAINT TRIGGER community_topics_community AFTER INSERT OR UPDATE OR DELETE ON community_topics
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
DROP TRIGGER moderator_notes_community ON moderator_notes;
CREATE CONSTRAINT TRIGGER moderator_notes_community AFTER INSERT OR UPDATE OR DELETE ON moderator_notes
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION community_changed();
DROP TRIGGER accounts_email_community ON accounts;
CREATE CONSTRAINT TRIGGER accounts_email_community AFTER UPDATE OF email ON accounts
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.email IS DISTINCT FROM OLD.email) EXECUTE FUNCTION community_changed();
DROP TRIGGER runs_history ON runs;
CREATE CONSTRAINT TRIGGER runs_history AFTER INSERT OR UPDATE OR DELETE ON runs
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER check_ins_history ON check_ins;
CREATE CONSTRAINT TRIGGER check_ins_history AFTER INSERT OR UPDATE OR DELETE ON check_ins
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER setbacks_history ON setbacks;
CREATE CONSTRAINT TRIGGER setbacks_history AFTER INSERT OR UPDATE OR DELETE ON setbacks
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER practice_sessions_history ON practice_sessions;
CREATE CONSTRAINT TRIGGER practice_sessions_history AFTER INSERT OR UPDATE OR DELETE ON practice_sessions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER glimmers_history ON glimmers;
CREATE CONSTRAINT TRIGGER glimmers_history AFTER INSERT OR UPDATE OR DELETE ON glimmers
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER reflections_history ON reflections;
CREATE CONSTRAINT TRIGGER reflections_history AFTER INSERT OR UPDATE OR DELETE ON reflections
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER worries_history ON worries;
CREATE CONSTRAINT TRIGGER worries_history AFTER INSERT OR UPDATE OR DELETE ON worries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER worry_times_history ON worry_times;
CREATE CONSTRAINT TRIGGER worry_times_history AFTER INSERT OR UPDATE OR DELETE ON worry_times
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER subscriptions_history ON subscriptions;
CREATE CONSTRAINT TRIGGER subscriptions_history AFTER INSERT OR UPDATE OR DELETE ON subscriptions
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER small_steps_history ON small_steps;
CREATE CONSTRAINT TRIGGER small_steps_history AFTER INSERT OR UPDATE OR DELETE ON small_steps
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION history_changed();
DROP TRIGGER team_messages_waiting ON team_messages;
CREATE CONSTRAINT TRIGGER team_messages_waiting AFTER INSERT OR UPDATE OR DELETE ON team_messages
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION team_messages_changed();
-- The tenant's own version (0036_tenant_version.sql) changes only the row being updated, of a reference table, so
-- every copy of the row is written with it.
DROP TRIGGER tenants_config_version ON tenants;
CREATE TRIGGER tenants_config_version BEFORE UPDATE ON tenants FOR EACH ROW EXECUTE FUNCTION tenant_changed();

-- Isolating a large tenant (an organisation with many members) to a shard of its own, then to a worker of its own.
-- Replace the id with the tenant's (resett tenant list --db ... shows slugs; SELECT id FROM tenants WHERE slug = ...):
--
--   SELECT isolate_tenant_to_new_shard('accounts', '<tenant id>', cascade_option => 'CASCADE');
--   -- finds the new shard (one per co-located table; moving one moves them all):
--   SELECT shardid, nodename, nodeport FROM citus_shards
--    WHERE table_name = 'accounts'::regclass AND shardid = get_shard_id_for_distribution_column('accounts', '<tenant id>');
--   SELECT citus_move_shard_placement(<shardid>, '<from host>', 5432, '<dedicated worker>', 5432);
