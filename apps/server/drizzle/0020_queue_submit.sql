-- A submission's hold and its task as one statement (decision 0061), like a claim and a task's
-- end (decision 0041, migration 0016). Each statement inside a VOLATILE PL/pgSQL function takes
-- a snapshot of its own in READ COMMITTED, so the reads placed after the account locks (the
-- balance, the buckets, the request ids and the active tasks) see what was committed while the
-- function waited for them.

-- Expires a user's due buckets (each one's remaining credits, with an entry) under the user's
-- account lock, which the caller holds; answers the balance after.
CREATE FUNCTION ledger_expire_due(p_user bigint, p_now timestamptz) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_balance integer;
  v_bucket record;
  v_touched boolean := false;
BEGIN
  SELECT a.balance INTO v_balance FROM credit_accounts a WHERE a.user_id = p_user;
  FOR v_bucket IN
    SELECT b.id, b.kind, b.remaining, b.expires_at FROM credit_buckets b
    WHERE b.user_id = p_user AND b.remaining > 0 AND b.expires_at IS NOT NULL AND b.expires_at <= p_now
    ORDER BY b.expires_at, b.id
  LOOP
    v_balance := v_balance - v_bucket.remaining;
    UPDATE credit_buckets SET remaining = remaining - v_bucket.remaining WHERE id = v_bucket.id;
    INSERT INTO credit_entries (user_id, type, amount, balance_after, bucket_id, kind, event, expires_at, created_at)
    VALUES (p_user, 'expire', -v_bucket.remaining, v_balance, v_bucket.id, v_bucket.kind, 'expired', v_bucket.expires_at, p_now);
    v_touched := true;
  END LOOP;
  IF v_touched THEN
    UPDATE credit_accounts SET balance = v_balance, updated_at = p_now WHERE user_id = p_user;
  END IF;
  RETURN v_balance;
END $$;
--> statement-breakpoint

-- Sets credits aside (LedgerService.hold, and every submission through queue_submit) under the
-- user's account lock, which the caller holds: due buckets expire first, then the amount is
-- taken from the live buckets, the one that expires first first (never-expiring ones last),
-- with an allocation and a consumption entry per bucket. Answers the balance after, or NULL when
-- the balance cannot cover the amount (nothing is set aside then).
CREATE FUNCTION ledger_hold(
  p_user bigint,
  p_hold_id uuid,
  p_amount integer,
  p_event text,
  p_service text,
  p_key text,
  p_now timestamptz
) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_balance integer := ledger_expire_due(p_user, p_now);
  v_left integer := p_amount;
  v_take integer;
  v_bucket record;
BEGIN
  IF p_amount > v_balance THEN
    RETURN NULL;
  END IF;
  INSERT INTO credit_holds (id, user_id, amount, status, service, event, idempotency_key, created_at)
  VALUES (p_hold_id, p_user, p_amount, 'held', p_service, p_event, p_key, p_now);
  FOR v_bucket IN
    SELECT b.id, b.kind, b.remaining, b.expires_at FROM credit_buckets b
    WHERE b.user_id = p_user AND b.remaining > 0 AND (b.expires_at IS NULL OR b.expires_at > p_now)
    ORDER BY b.expires_at ASC NULLS LAST, b.id
  LOOP
    EXIT WHEN v_left = 0;
    v_take := least(v_left, v_bucket.remaining);
    v_left := v_left - v_take;
    v_balance := v_balance - v_take;
    UPDATE credit_buckets SET remaining = remaining - v_take WHERE id = v_bucket.id;
    INSERT INTO credit_hold_allocations (hold_id, bucket_id, amount) VALUES (p_hold_id, v_bucket.id, v_take);
    INSERT INTO credit_entries (user_id, type, amount, balance_after, bucket_id, hold_id, kind, event, service, expires_at, created_at)
    VALUES (p_user, 'consumption', -v_take, v_balance, v_bucket.id, p_hold_id, v_bucket.kind, p_event, p_service, v_bucket.expires_at, p_now);
  END LOOP;
  IF v_left <> 0 THEN
    RAISE EXCEPTION 'ledger out of step: the balance and the buckets of user % disagree', p_user;
  END IF;
  UPDATE credit_accounts SET balance = v_balance, updated_at = p_now WHERE user_id = p_user;
  RETURN v_balance;
END $$;
--> statement-breakpoint

-- Queues a batch of submissions (GenerationService.submit, in item order) under their users'
-- account locks, taken in id order before any task row is touched, as in every credit mutation
-- that touches a task. For each item: a request id the user used before answers that task
-- ('replayed'); a user with `allowed` or more queued or generating tasks of the item's media is
-- refused ('too_many'); a cost is held from the balance (ledger_hold, keyed by the task's id)
-- and, when the balance is short, the run goes relaxed (no hold, cost 0, lane 0) if the item
-- allows it or is refused ('no_credits'); then the task is inserted ('queued'). Each item sees
-- the items before it. Answers every item with its task and its place in the queue as submitted
-- (1 is next, 0 when not queued); with a channel, each answered task's event is sent as the
-- statement commits.
CREATE FUNCTION queue_submit(p_items jsonb, p_now timestamptz, p_channel text)
RETURNS TABLE (item integer, outcome text, queue_position integer, task tasks)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_users bigint[];
  v_row record;
  v_seen uuid;
  v_active integer;
  v_cost integer;
  v_lane integer;
  v_hold uuid;
  v_task tasks;
  v_items integer[] := '{}';
  v_outcomes text[] := '{}';
  v_ids uuid[] := '{}';
BEGIN
  SELECT array_agg(DISTINCT (e ->> 'user_id')::bigint ORDER BY (e ->> 'user_id')::bigint) INTO v_users
  FROM jsonb_array_elements(p_items) e;
  IF v_users IS NULL THEN
    RETURN;
  END IF;
  PERFORM ledger_lock_accounts(v_users, p_now);
  -- Every read below is a statement of its own after the locks: it sees the submissions that
  -- held them before us, on any node.
  FOR v_row IN
    SELECT s.ord::integer AS ord, i.*
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS s(value, ord),
      jsonb_to_record(s.value) AS i(
        id uuid, hold_id uuid, user_id bigint, request_id text, task_type text, media text,
        engine text, settings jsonb, inputs jsonb, is_private boolean, remix_of bigint,
        lane integer, max_running integer, cost integer, allowed integer, relax boolean,
        event text)
    ORDER BY s.ord
  LOOP
    v_items := v_items || v_row.ord;
    SELECT t.id INTO v_seen FROM tasks t
    WHERE t.user_id = v_row.user_id AND t.request_id = v_row.request_id;
    IF FOUND THEN
      v_outcomes := v_outcomes || 'replayed'::text;
      v_ids := v_ids || v_seen;
      CONTINUE;
    END IF;
    SELECT count(*) INTO v_active FROM tasks t
    WHERE t.user_id = v_row.user_id AND t.media = v_row.media AND t.status IN ('queued', 'generating');
    IF v_active >= v_row.allowed THEN
      v_outcomes := v_outcomes || 'too_many'::text;
      v_ids := v_ids || NULL::uuid;
      CONTINUE;
    END IF;
    v_cost := v_row.cost;
    v_lane := v_row.lane;
    v_hold := NULL;
    IF v_cost > 0 THEN
      IF ledger_hold(v_row.user_id, v_row.hold_id, v_cost, v_row.event, v_row.task_type,
          'task:' || v_row.id, p_now) IS NOT NULL THEN
        v_hold := v_row.hold_id;
      ELSIF v_row.relax THEN
        v_cost := 0;
        v_lane := 0;
      ELSE
        v_outcomes := v_outcomes || 'no_credits'::text;
        v_ids := v_ids || NULL::uuid;
        CONTINUE;
      END IF;
    END IF;
    INSERT INTO tasks (id, user_id, task_type, media, engine, status, settings, inputs, is_private,
      remix_of, lane, max_running, cost, hold_id, request_id, created_at, updated_at)
    VALUES (v_row.id, v_row.user_id, v_row.task_type, v_row.media, v_row.engine, 'queued',
      v_row.settings, v_row.inputs, coalesce(v_row.is_private, false), v_row.remix_of, v_lane,
      v_row.max_running, v_cost, v_hold, v_row.request_id, p_now, p_now);
    v_outcomes := v_outcomes || 'queued'::text;
    v_ids := v_ids || v_row.id;
  END LOOP;
  FOR v_task IN
    SELECT t.* FROM unnest(v_ids) WITH ORDINALITY AS a(id, ord) JOIN tasks t ON t.id = a.id
    ORDER BY a.ord
  LOOP
    PERFORM queue_notify_task(p_channel, v_task);
  END LOOP;
  -- The places as the claim ranks the queue (GenerationRepository's rankedQueue), read before
  -- the events go out as the statement commits.
  RETURN QUERY
    WITH ranked AS (
      SELECT q.id, row_number() OVER (
        ORDER BY q.lane + floor(extract(epoch FROM (p_now - q.created_at)) / 120) DESC, q.created_at ASC
      ) AS position
      FROM tasks q WHERE q.status = 'queued'
    )
    SELECT r.item, r.outcome, coalesce(k.position, 0)::integer, t
    FROM unnest(v_items, v_outcomes, v_ids) AS r(item, outcome, id)
    LEFT JOIN tasks t ON t.id = r.id
    LEFT JOIN ranked k ON k.id = r.id
    ORDER BY r.item;
END $$;
