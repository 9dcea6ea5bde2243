import type { PageViewRequest } from '../../contract/analytics.ts';
import type { Db } from '../infra/db/database.ts';
import { pageViews } from '../infra/db/schema.ts';

export async function recordPageView(db: Db, fingerprint: string, view: PageViewRequest): Promise<void> {
  await db.insert(pageViews).values({
    fingerprint,
    path: view.path,
    routeName: view.routeName,
    referrer: view.referrer || null,
  });
}
