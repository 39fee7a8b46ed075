import type { Work, WorkPage } from '@lumen/contracts/community';
import type { InfiniteData } from '@tanstack/react-query';

/** The works of all loaded pages, once each (a hot feed may shift between two page requests). */
export function worksOf(data: InfiniteData<WorkPage> | undefined): Work[] {
  if (!data) return [];
  const seen = new Set<string>();
  const works: Work[] = [];
  for (const page of data.pages) {
    for (const work of page.data) {
      if (seen.has(work.work_id)) continue;
      seen.add(work.work_id);
      works.push(work);
    }
  }
  return works;
}
