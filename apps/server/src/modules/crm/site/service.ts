import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../app';
import { crmSiteContent } from '../../../db/schema';
import { DEFAULT_HOME } from './defaults';
import { homeContent, type HomeContent } from './schema';

type Deps = Pick<AppDeps, 'database' | 'now'>;

const HOME_KEY = 'home';

/**
 * The landing page as saved, or the defaults while nothing is. A saved page always passed the schema;
 * one that no longer does (a field made required later) shows the defaults until it is saved again.
 */
export async function readHome(deps: Deps): Promise<HomeContent> {
  const [row] = await deps.database.db.select({ content: crmSiteContent.content }).from(crmSiteContent).where(eq(crmSiteContent.contentKey, HOME_KEY)).limit(1);
  if (!row) return DEFAULT_HOME;
  const parsed = homeContent.safeParse(row.content);
  return parsed.success ? parsed.data : DEFAULT_HOME;
}

export async function saveHome(deps: Deps, content: HomeContent, operator: string): Promise<void> {
  const values = { content, updateBy: operator, updateTime: new Date(deps.now()) };
  await deps.database.db
    .insert(crmSiteContent)
    .values({ contentKey: HOME_KEY, ...values })
    .onConflictDoUpdate({ target: crmSiteContent.contentKey, set: values });
}
