import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { CapturedField } from '@acs/shared';
import type { AppDeps } from '../../../app';
import { crmApply } from '../../../db/schema';
import { captureLead } from '../capture';
import { announceCapture } from '../notify/announce';
import { duplicateWindowHours } from '../lead/config';
import type { SubmitBody } from './schema';

type Deps = Pick<AppDeps, 'database' | 'kv' | 'now' | 'pubsub'>;

/** Applications of one phone within this time are one record (repeatCount counts the others). */
export const MERGE_WINDOW_MS = 24 * 3_600_000;

export interface Client {
  ip: string;
  userAgent: string;
}

function capturedFields(body: SubmitBody): CapturedField[] {
  const evidence = body.company ? `官网申请（${body.company}）` : '官网申请';
  return [
    { field: 'name', value: body.name, method: 'card', evidence },
    { field: 'phone', value: body.phone, method: 'card', evidence },
  ];
}

/**
 * An application from /home, in one transaction: the customer and lead through the same capture as a
 * chat (source 'apply', channel web, so the distribution rules hand the lead out), then the 申请记录:
 * the phone's record of the last 24 hours takes the new fields, else a new one. A filled honeypot
 * stores nothing; the caller answers it like any other application.
 */
export async function submitApplication(deps: Deps, body: SubmitBody, client: Client): Promise<void> {
  if (body.website.trim()) return;
  const now = deps.now();
  const at = new Date(now);
  const windowHours = await duplicateWindowHours(deps);
  const capture = await deps.database.db.transaction(async (tx) => {
    // Two submissions of one phone at once would both find no recent record and both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`crm:apply:${body.phone}`}, 0))`);
    const capture = await captureLead(
      tx,
      {
        conversation: { conversationId: null, agentId: null, channel: 'web', accountId: null, visitorId: body.phone, customerId: null },
        fields: capturedFields(body),
        source: 'apply',
      },
      now,
      windowHours,
    );
    const fields = {
      name: body.name,
      company: body.company,
      need: body.need,
      consent: body.consent,
      customerId: capture.customerId,
      leadId: capture.leadId,
      ip: client.ip.slice(0, 128),
      userAgent: client.userAgent.slice(0, 300),
      lastApplyTime: at,
    };
    const [recent] = await tx
      .select({ applyId: crmApply.applyId })
      .from(crmApply)
      .where(and(eq(crmApply.phone, body.phone), gt(crmApply.lastApplyTime, new Date(now - MERGE_WINDOW_MS))))
      .orderBy(desc(crmApply.lastApplyTime))
      .limit(1);
    if (recent) {
      await tx
        .update(crmApply)
        .set({ ...fields, repeatCount: sql`${crmApply.repeatCount} + 1` })
        .where(eq(crmApply.applyId, recent.applyId));
    } else {
      await tx.insert(crmApply).values({ ...fields, phone: body.phone, createTime: at });
    }
    return capture;
  });
  // The member a rule gave the lead hears of it live, once the application is committed.
  await announceCapture(deps, capture);
}
