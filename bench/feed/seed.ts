/**
 * The catalogue the feed benchmarks load (run.ts reads it, writes.ts toggles on it): 10,000
 * creators and approved works with skewed likes, seeded with generate_series.
 */
import type pg from 'pg';

export const USERS = 10_000;

export async function count(pool: pg.Pool, query: string) {
  return Number((await pool.query<{ n: string | null }>(query)).rows[0]!.n ?? 0);
}

/** The bench users, made once; returns the first one's id. */
export async function seedUsers(pool: pg.Pool): Promise<number> {
  const first = await count(
    pool,
    "select min(id) as n from users where username like 'bench\\_u%'",
  );
  if (first) return first;
  await pool.query(
    `insert into users (username, nickname, avatar, created_at)
     select 'bench_u' || g, 'Creator ' || g, '', now() - interval '120 days'
     from generate_series(1, $1::int) g`,
    [USERS],
  );
  return count(pool, "select min(id) as n from users where username like 'bench\\_u%'");
}

/**
 * Grows the catalogue to `size` approved works, published over 90 days, each with a skewed
 * number of likes (40·random()³, about 10 on average: a few works collect many) written as
 * `work_likes` rows by distinct users, with its counters set to match. A work's hot bound is
 * taken an hour back, as the hourly refresh and the migration take it.
 */
export async function grow(pool: pg.Pool, firstUser: number, size: number) {
  const t0 = performance.now();
  const from = await count(pool, "select count(*) as n from works where status = 'approved'");
  if (from >= size) return { added: 0, seconds: 0 };
  // Tasks left by a run stopped before their works were written.
  await pool.query(
    `delete from tasks t where t.request_id like 'bench-%'
     and not exists (select 1 from works w where w.task_id = t.id)`,
  );
  await pool.query(
    `insert into tasks (id, user_id, task_type, media, engine, status, settings, inputs, lane,
                        max_running, cost, request_id, created_at, updated_at)
     select gen_random_uuid(), $1::bigint + (g % $2::int), 'txt2img', 'image', 'local', 'done',
            jsonb_build_object('prompt', 'bench prompt ' || g, 'seed', g),
            '{"images":[],"videos":[],"audios":[]}'::jsonb, 0, 1, 1, 'bench-' || g, now(), now()
     from generate_series($3::int + 1, $4::int) g`,
    [firstUser, USERS, from, size],
  );
  await pool.query(
    `insert into works (user_id, task_id, output_idx, kind, media_key, thumb_key, mime, width,
                        height, task_type, seed, settings, title, description, status,
                        like_count, comment_count, favorite_count, created_at, published_at,
                        updated_at, hot_at)
     select t.user_id, t.id, 0, (array['image','image','image','video','3d'])[1 + (n % 5)],
            'outputs/' || t.user_id || '/' || t.id || '/0.png',
            'outputs/' || t.user_id || '/' || t.id || '/0_thumb.webp',
            'image/png', 1024, 1024, 'txt2img', n, t.settings, 'Work ' || n, '', 'approved',
            floor(40 * power(random(), 3))::int, floor(random() * 6)::int,
            floor(random() * 4)::int, p.at, p.at, p.at,
            case when p.at < now() - interval '1 hour' then now() - interval '1 hour' end
     from (select tasks.*, substr(request_id, 7)::int as n
           from tasks where request_id like 'bench-%' and substr(request_id, 7)::int > $1::int) t
     cross join lateral (select now() - ((t.n::bigint * 7919) % 7776000) * interval '1 second' as at) p`,
    [from],
  );
  await pool.query(
    `insert into work_likes (user_id, work_id, created_at)
     select $1::bigint + ((w.id * 7919 + k) % $2::int), w.id, w.published_at + k * interval '1 minute'
     from works w join tasks t on t.id = w.task_id and substr(t.request_id, 7)::int > $3::int
     cross join lateral generate_series(0, w.like_count - 1) k`,
    [firstUser, USERS, from],
  );
  await pool.query('vacuum analyze');
  return { added: size - from, seconds: (performance.now() - t0) / 1000 };
}
