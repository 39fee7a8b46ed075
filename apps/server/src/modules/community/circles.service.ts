import type { Circle } from '@lumen/contracts/community';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { CircleListRow, CirclesRepository } from './circles.repository';

/** Turns a stored cover (media key or absolute URL) into a URL the browser may load. */
export type CoverUrl = (cover: string) => Promise<string>;

/** Circles: admins create them, people join and exit, works are published into them. */
export function createCirclesService(deps: {
  circles: CirclesRepository;
  coverUrl: CoverUrl;
  clock: Clock;
}) {
  const { circles, clock } = deps;

  async function present(row: CircleListRow): Promise<Circle> {
    return {
      circle_id: String(row.id),
      name: row.name,
      description: row.description,
      cover_url: await deps.coverUrl(row.cover),
      member_count: row.memberCount,
      work_count: row.workCount,
      joined: row.joined,
    };
  }

  async function get(viewerId: number | null, id: number): Promise<Circle> {
    const row = await circles.find(id, viewerId);
    if (!row) throw notFound();
    return present(row);
  }

  return {
    get,
    async list(viewerId: number | null) {
      return { list: await Promise.all((await circles.list(viewerId)).map(present)) };
    },
    async join(userId: number, id: number, on: boolean) {
      await get(userId, id);
      const { count } = await circles.toggleMember(id, userId, on, clock.now());
      return { joined: on, member_count: count };
    },
    async create(body: { name: string; description: string; cover: string }) {
      const row = await circles.insert({ ...body, createdAt: clock.now() });
      return get(null, row.id);
    },
    async update(id: number, patch: { name?: string; description?: string; cover?: string }) {
      if (!(await circles.update(id, patch))) throw notFound();
      return get(null, id);
    },
    async delete(id: number) {
      if (!(await circles.delete(id))) throw notFound();
      return { circle_id: String(id) };
    },
  };
}

export type CirclesService = ReturnType<typeof createCirclesService>;
