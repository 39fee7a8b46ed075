-- A task's claim and its end each as one statement (decision 0041). Each statement inside a
-- VOLATILE PL/pgSQL function takes a snapshot of its own in READ COMMITTED, so a read placed
-- after a lock sees what was committed while the function waited for it: the running count after
-- the users' claim locks, the buckets and holds after the account locks.

-- A task's event as the event relay's NOTIFY payload (lib/pg-event-bus.ts reads it): sent when
-- the statement's transaction commits, so no event tells of a change that did not happen.
CREATE FUNCTION queue_notify_task(p_channel text, p_task tasks) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF p_channel IS NULL THEN
    RETURN;
  END IF;
  PERFORM pg_notify(p_channel, json_build_object(
    'userId', p_task.user_id,
    'event', json_build_object('type', 'task', 'data', json_build_object(
      'task_id', p_task.id, 'status', p_task.status, 'progress', p_task.progress))
  )::text);
END $$;
--> statement-breakpoint

-- Claims tasks for waiting workers with the same capabilities (GenerationRepository.claim):
-- highest lane plus ageing first, oldest first, skipping rows other claims hold and users at
-- their running limit. p_worker_ids has one entry per slot; each claimed task names its slot's
-- worker as its lease owner.
CREATE FUNCTION queue_claim(
  p_worker_ids text[],
  p_engines text[],
  p_task_types text[],
  p_lease_ms integer,
  p_now timestamptz,
  p_channel text
) RETURNS SETOF tasks
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_slots integer := coalesce(cardinality(p_worker_ids), 0);
  v_ids uuid[];
  v_users bigint[];
  v_limits integer[];
  v_user bigint;
  v_running jsonb;
  v_n integer;
  v_picked uuid[] := '{}';
  v_owners text[] := '{}';
  v_task tasks;
BEGIN
  IF v_slots = 0 THEN
    RETURN;
  END IF;
  -- More candidates than slots: some may belong to users who can start no more.
  WITH candidates AS (
    SELECT t.id, t.user_id, t.max_running, t.created_at,
      t.lane + floor(extract(epoch FROM (p_now - t.created_at)) / 120) AS rank
    FROM tasks t
    WHERE t.status = 'queued'
      AND t.engine = ANY (p_engines)
      AND (p_task_types IS NULL OR t.task_type = ANY (p_task_types))
      AND (SELECT count(*) FROM tasks r WHERE r.user_id = t.user_id AND r.status = 'generating') < t.max_running
    ORDER BY rank DESC, t.created_at ASC
    LIMIT v_slots * 4
    FOR UPDATE OF t SKIP LOCKED
  )
  SELECT array_agg(c.id ORDER BY c.rank DESC, c.created_at ASC),
    array_agg(c.user_id ORDER BY c.rank DESC, c.created_at ASC),
    array_agg(c.max_running ORDER BY c.rank DESC, c.created_at ASC)
  INTO v_ids, v_users, v_limits
  FROM candidates c;
  IF v_ids IS NULL THEN
    RETURN;
  END IF;
  -- The users' claim locks, in id order so that two claims never wait on each other in a circle.
  FOREACH v_user IN ARRAY (SELECT array_agg(DISTINCT u ORDER BY u) FROM unnest(v_users) u) LOOP
    PERFORM pg_advisory_xact_lock(7304118, v_user::integer);
  END LOOP;
  -- Counted again under the locks, in a statement of its own: its snapshot is taken now, so it
  -- sees the tasks that claims holding these locks before us committed. Within the candidates'
  -- statement it would not.
  SELECT coalesce(jsonb_object_agg(s.user_id::text, s.n), '{}'::jsonb) INTO v_running
  FROM (
    SELECT r.user_id, count(*) AS n FROM tasks r
    WHERE r.user_id = ANY (v_users) AND r.status = 'generating'
    GROUP BY r.user_id
  ) s;
  FOR i IN 1 .. cardinality(v_ids) LOOP
    EXIT WHEN cardinality(v_picked) = v_slots;
    v_n := coalesce((v_running ->> v_users[i]::text)::integer, 0);
    CONTINUE WHEN v_n >= v_limits[i];
    v_running := jsonb_set(v_running, ARRAY[v_users[i]::text], to_jsonb(v_n + 1));
    v_picked := v_picked || v_ids[i];
    v_owners := v_owners || p_worker_ids[cardinality(v_picked)];
  END LOOP;
  FOR v_task IN
    UPDATE tasks t SET
      status = 'generating',
      lease_owner = p.owner,
      lease_expires_at = p_now + p_lease_ms * interval '1 millisecond',
      attempts = t.attempts + 1,
      started_at = coalesce(t.started_at, p_now),
      updated_at = p_now
    FROM unnest(v_picked, v_owners) AS p(id, owner)
    WHERE t.id = p.id AND t.status = 'queued'
    RETURNING t.*
  LOOP
    PERFORM queue_notify_task(p_channel, v_task);
    RETURN NEXT v_task;
  END LOOP;
END $$;
--> statement-breakpoint

-- Locks the users' credit accounts in id order, making those that do not exist yet (a user's
-- first credit mutation). Every credit mutation takes this lock first (CreditsRepository).
CREATE FUNCTION ledger_lock_accounts(p_user_ids bigint[], p_now timestamptz) RETURNS void
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_ids bigint[] := (SELECT array_agg(DISTINCT u ORDER BY u) FROM unnest(p_user_ids) u);
  v_locked integer;
BEGIN
  IF v_ids IS NULL THEN
    RETURN;
  END IF;
  SELECT count(*) INTO v_locked FROM (
    SELECT 1 FROM credit_accounts WHERE user_id = ANY (v_ids) ORDER BY user_id FOR UPDATE
  ) l;
  IF v_locked < cardinality(v_ids) THEN
    -- A racing twin may make a row first: it is then locked below.
    INSERT INTO credit_accounts (user_id, balance, updated_at)
    SELECT u, 0, p_now FROM unnest(v_ids) u ORDER BY u
    ON CONFLICT DO NOTHING;
    PERFORM 1 FROM credit_accounts WHERE user_id = ANY (v_ids) ORDER BY user_id FOR UPDATE;
  END IF;
END $$;
--> statement-breakpoint

-- Settles holds (LedgerService): under the users' account locks (taken here when the caller has
-- not), their due buckets expire first; then each hold still held keeps what was delivered (at
-- most its amount) and gives the rest back to the buckets it came from, those that expire last
-- first, so the user keeps the longest-lived credits. Credits given back to a bucket that has
-- expired expire again at once. A hold settled already changes nothing and answers as it was
-- settled (replayed); a hold that is not the item's user's answers no row.
CREATE FUNCTION ledger_settle(
  p_user_ids bigint[],
  p_item_users bigint[],
  p_hold_ids uuid[],
  p_delivered integer[],
  p_now timestamptz
) RETURNS TABLE (
  settled_hold uuid,
  settled_captured integer,
  settled_released integer,
  settled_replayed boolean,
  balance_after integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_user bigint;
  v_balance integer;
  v_touched boolean;
  v_bucket record;
  v_hold credit_holds;
  v_alloc record;
  v_captured integer;
  v_left integer;
  v_back integer;
BEGIN
  PERFORM ledger_lock_accounts(p_user_ids, p_now);
  FOR v_user IN SELECT DISTINCT u FROM unnest(p_user_ids) u ORDER BY u LOOP
    -- Statements of their own after the lock: they see what the lock's last holder committed.
    SELECT a.balance INTO v_balance FROM credit_accounts a WHERE a.user_id = v_user;
    v_touched := false;
    FOR v_bucket IN
      SELECT b.id, b.kind, b.remaining, b.expires_at FROM credit_buckets b
      WHERE b.user_id = v_user AND b.remaining > 0 AND b.expires_at IS NOT NULL AND b.expires_at <= p_now
      ORDER BY b.expires_at, b.id
    LOOP
      v_balance := v_balance - v_bucket.remaining;
      UPDATE credit_buckets SET remaining = remaining - v_bucket.remaining WHERE id = v_bucket.id;
      INSERT INTO credit_entries (user_id, type, amount, balance_after, bucket_id, kind, event, expires_at, created_at)
      VALUES (v_user, 'expire', -v_bucket.remaining, v_balance, v_bucket.id, v_bucket.kind, 'expired', v_bucket.expires_at, p_now);
      v_touched := true;
    END LOOP;
    FOR i IN 1 .. coalesce(cardinality(p_hold_ids), 0) LOOP
      CONTINUE WHEN p_item_users[i] IS DISTINCT FROM v_user;
      SELECT * INTO v_hold FROM credit_holds h WHERE h.id = p_hold_ids[i] AND h.user_id = v_user;
      CONTINUE WHEN NOT FOUND;
      IF v_hold.status <> 'held' THEN
        settled_hold := v_hold.id;
        settled_captured := v_hold.captured;
        settled_released := v_hold.released;
        settled_replayed := true;
        balance_after := v_balance;
        RETURN NEXT;
        CONTINUE;
      END IF;
      v_captured := greatest(0, least(p_delivered[i], v_hold.amount));
      v_left := v_hold.amount - v_captured;
      FOR v_alloc IN
        SELECT a.bucket_id, a.amount, a.returned, b.kind, b.expires_at
        FROM credit_hold_allocations a JOIN credit_buckets b ON b.id = a.bucket_id
        WHERE a.hold_id = v_hold.id
        ORDER BY b.expires_at DESC NULLS FIRST, a.bucket_id
      LOOP
        EXIT WHEN v_left = 0;
        v_back := least(v_left, v_alloc.amount - v_alloc.returned);
        CONTINUE WHEN v_back <= 0;
        v_left := v_left - v_back;
        v_balance := v_balance + v_back;
        UPDATE credit_buckets SET remaining = remaining + v_back WHERE id = v_alloc.bucket_id;
        UPDATE credit_hold_allocations SET returned = returned + v_back
        WHERE hold_id = v_hold.id AND bucket_id = v_alloc.bucket_id;
        INSERT INTO credit_entries (user_id, type, amount, balance_after, bucket_id, hold_id, kind, event, service, expires_at, created_at)
        VALUES (v_user, 'refund', v_back, v_balance, v_alloc.bucket_id, v_hold.id, v_alloc.kind, v_hold.event, v_hold.service, v_alloc.expires_at, p_now);
        IF v_alloc.expires_at IS NOT NULL AND v_alloc.expires_at <= p_now THEN
          v_balance := v_balance - v_back;
          UPDATE credit_buckets SET remaining = remaining - v_back WHERE id = v_alloc.bucket_id;
          INSERT INTO credit_entries (user_id, type, amount, balance_after, bucket_id, kind, event, expires_at, created_at)
          VALUES (v_user, 'expire', -v_back, v_balance, v_alloc.bucket_id, v_alloc.kind, 'expired', v_alloc.expires_at, p_now);
        END IF;
      END LOOP;
      UPDATE credit_holds SET
        captured = v_captured,
        released = v_hold.amount - v_captured,
        status = CASE WHEN v_captured = v_hold.amount THEN 'captured' WHEN v_captured = 0 THEN 'released' ELSE 'partial' END,
        settled_at = p_now
      WHERE id = v_hold.id;
      v_touched := true;
      settled_hold := v_hold.id;
      settled_captured := v_captured;
      settled_released := v_hold.amount - v_captured;
      settled_replayed := false;
      balance_after := v_balance;
      RETURN NEXT;
    END LOOP;
    IF v_touched THEN
      UPDATE credit_accounts SET balance = v_balance, updated_at = p_now WHERE user_id = v_user;
    END IF;
  END LOOP;
END $$;
--> statement-breakpoint

-- Records stored outputs in the media table (MediaService.storeOutputs): a row per file, the
-- same key storing again replaces it.
CREATE FUNCTION media_record_outputs(p_rows jsonb, p_now timestamptz) RETURNS void
LANGUAGE sql VOLATILE AS $$
  INSERT INTO media_objects (user_id, key, kind, origin, status, mime, size, width, height, duration_s, seed, task_id, thumb_key, wm_key, created_at, updated_at)
  SELECT m.user_id, m.key, m.kind, 'output', 'ready', m.mime, m.size, m.width, m.height, m.duration_s, m.seed, m.task_id, m.thumb_key, m.wm_key, p_now, p_now
  FROM jsonb_to_recordset(p_rows) AS m(user_id bigint, key text, kind text, mime text, size bigint, width integer, height integer, duration_s real, seed bigint, task_id text, thumb_key text, wm_key text)
  ON CONFLICT (key) DO UPDATE SET
    user_id = excluded.user_id, kind = excluded.kind, origin = excluded.origin,
    status = excluded.status, mime = excluded.mime, size = excluded.size,
    width = excluded.width, height = excluded.height, duration_s = excluded.duration_s,
    seed = excluded.seed, task_id = excluded.task_id, thumb_key = excluded.thumb_key,
    wm_key = excluded.wm_key, updated_at = excluded.updated_at
$$;
--> statement-breakpoint

-- Ends tasks (QueueService): under their users' account locks, each task still generating and
-- still its worker's (when one is named) takes its outcome and its outputs, its hold is
-- captured for what was delivered (done) or released, and its event is sent. The media rows of
-- the outputs stored for these tasks are recorded whether or not the task ends here: a task
-- that no longer can has its files and rows discarded by the caller, as an attempt's files
-- stored over are. Answers the tasks that ended.
CREATE FUNCTION queue_end_tasks(
  p_ends jsonb,
  p_outputs jsonb,
  p_media jsonb,
  p_now timestamptz,
  p_channel text
) RETURNS SETOF tasks
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_users bigint[];
  v_task tasks;
  v_hold_users bigint[] := '{}';
  v_holds uuid[] := '{}';
  v_delivered integer[] := '{}';
BEGIN
  -- Whose credits the ends settle: a task's user never changes, so this needs no lock.
  SELECT array_agg(DISTINCT t.user_id ORDER BY t.user_id) INTO v_users
  FROM tasks t WHERE t.id IN (SELECT e.id FROM jsonb_to_recordset(p_ends) AS e(id uuid));
  IF v_users IS NULL THEN
    RETURN;
  END IF;
  -- The account locks come before the tasks' row locks, as in every credit mutation that
  -- touches a task (submissions, cancellations), so none waits on another in a circle.
  PERFORM ledger_lock_accounts(v_users, p_now);
  PERFORM media_record_outputs(p_media, p_now);
  FOR v_task IN
    WITH ending AS (
      -- Locked first, so that the outputs go only to tasks that end here: a task cancelled
      -- meanwhile is seen as it is after the cancel's commit.
      SELECT t.id FROM jsonb_to_recordset(p_ends) AS e(id uuid, owner text)
      JOIN tasks t ON t.id = e.id
      WHERE t.status = 'generating' AND (e.owner IS NULL OR t.lease_owner = e.owner)
      ORDER BY t.id
      FOR UPDATE OF t
    ), recorded AS (
      INSERT INTO task_outputs (task_id, idx, kind, key, thumb_key, wm_key, mime, width, height, duration_s, seed, description, created_at)
      SELECT o.task_id, o.idx, o.kind, o.key, o.thumb_key, o.wm_key, o.mime, o.width, o.height, o.duration_s, o.seed, o.description, p_now
      FROM jsonb_to_recordset(p_outputs) AS o(task_id uuid, idx integer, kind text, key text, thumb_key text, wm_key text, mime text, width integer, height integer, duration_s double precision, seed bigint, description text)
      WHERE o.task_id IN (SELECT id FROM ending)
      RETURNING task_id
    )
    UPDATE tasks t SET
      status = e.status,
      progress = CASE WHEN e.status = 'done' THEN 100 ELSE t.progress END,
      captured = e.captured,
      error_code = NULL,
      error_message = e.error_message,
      failure = e.failure,
      finished_at = p_now,
      updated_at = p_now,
      lease_owner = NULL,
      lease_expires_at = NULL
    FROM jsonb_to_recordset(p_ends) AS e(id uuid, status text, captured integer, error_message text, failure text)
    WHERE t.id = e.id AND t.id IN (SELECT id FROM ending)
    RETURNING t.*
  LOOP
    IF v_task.hold_id IS NOT NULL THEN
      v_hold_users := v_hold_users || v_task.user_id;
      v_holds := v_holds || v_task.hold_id;
      v_delivered := v_delivered || CASE WHEN v_task.status = 'done' THEN v_task.captured ELSE 0 END;
    END IF;
    PERFORM queue_notify_task(p_channel, v_task);
    RETURN NEXT v_task;
  END LOOP;
  PERFORM ledger_settle(v_users, v_hold_users, v_holds, v_delivered, p_now);
END $$;
