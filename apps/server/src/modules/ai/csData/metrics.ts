import { sql, type SQL } from 'drizzle-orm';
import { CONVERSATION_STATUSES } from '@acs/shared';
import { TransitionMsg } from '../runtime/transitions';
import { addDays, dayStart, type DayRange } from './days';
import { BUCKETS, FIRST_RESPONSE_BOUNDS } from './histogram';

/** The counted metrics: API name → ai_stat_daily column. */
export const COUNTS = {
  conversations: 'conversations',
  customerMessages: 'customer_messages',
  aiReplies: 'ai_replies',
  leads: 'leads',
  contacted: 'contacted',
  converted: 'converted',
  handoffs: 'handoffs',
  aiResolved: 'ai_resolved',
  knowledgeHits: 'knowledge_hits',
  tokens: 'tokens',
} as const;
export type CountKey = keyof typeof COUNTS;
export type Counts = Record<CountKey, number>;
type CountColumn = (typeof COUNTS)[CountKey];
export const COUNT_KEYS = Object.keys(COUNTS) as CountKey[];
const COUNT_COLUMNS = Object.values(COUNTS);

/** The columns of a daily row, in the order both the stored and the live rows give them. */
export const ROW_COLUMNS = sql.raw(['day', 'agent_id', 'channel', ...COUNT_COLUMNS, 'first_response_hist'].join(', '));

/** Which rows: one agent, one channel, and the agents the viewer's data scope covers (a subquery of agent ids). */
export interface MetricFilter {
  agentId?: number;
  channel?: string;
  agentIds?: SQL;
}

function filterOn(alias: string, f: MetricFilter): SQL[] {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  return [
    f.agentId === undefined ? undefined : sql`${col('agent_id')} = ${f.agentId}`,
    f.channel === undefined ? undefined : sql`${col('channel')} = ${f.channel}`,
    f.agentIds === undefined ? undefined : sql`${col('agent_id')} in ${f.agentIds}`,
  ].filter((c) => c !== undefined);
}

const all = (conditions: SQL[]) => sql.join(conditions, sql` and `);
const chinaDate = (column: string) => sql.raw(`(${column} at time zone 'Asia/Shanghai')::date`);

/**
 * The columns of one part of the union, row by row before the sums: the counts it knows (SQL of
 * constant text) and zero for the rest, then the first-response bucket (null: none).
 */
function part(known: Partial<Record<CountColumn, string>>, bucket = 'null::int'): SQL {
  return sql.raw([...COUNT_COLUMNS.map((c) => `${known[c] ?? '0'} as ${c}`), `${bucket} as fr_bucket`].join(', '));
}

const STATUSES = sql.raw(CONVERSATION_STATUSES.map((s) => `'${s}'`).join(', '));
const BOUNDS = `array[${FIRST_RESPONSE_BOUNDS.join(', ')}]::float8[]`;
/** The system notes of a handoff (to the queue) and of a takeover (staff joined), as LIKE patterns. */
const HANDED_OFF = TransitionMsg.handedOff('%');
const JOINED = TransitionMsg.joined('%');
const SUMS = sql.raw(
  [
    ...COUNT_COLUMNS.map((c) => `coalesce(sum(${c}), 0)::${c === 'tokens' ? 'bigint' : 'int'} as ${c}`),
    `jsonb_build_array(${Array.from({ length: BUCKETS }, (_, i) => `count(*) filter (where fr_bucket = ${i})`).join(', ')}) as first_response_hist`,
  ].join(', '),
);

/**
 * The daily rows (day × agent × channel, the columns of ai_stat_daily but update_time) computed from the
 * source tables for a range of China days. The rollup stores it for past days; the screen runs the same
 * statement for the days not rolled up yet (today). What counts:
 * - per conversation, on the day it was created (only conversations where something was said; debug
 *   chats never count): conversations, handoffs (it went to the staff's queue or staff took it: the
 *   system notes, or its status now), AI-resolved (closed without a handoff), first response (from the
 *   first customer message to the next AI or staff message, into the histogram);
 * - per message, on the day it was sent: customer messages, AI replies, knowledge hits (AI replies
 *   answered from a knowledge entry), tokens (prompt + completion);
 * - per lead captured by an agent, on the day it was captured (duplicates linked to an open lead are the
 *   same lead again and do not count): leads, of which contacted (ever reached contacted or converted)
 *   and converted.
 * Conversations are found through their last message time (the status/time index, statuses listed so
 * it applies), and their messages through the conversation's index, one conversation at a time (the
 * lateral subqueries): ai_message has no index on its time, and a scan of it would grow with all history.
 */
export function dailyRowsSql(range: DayRange, f: MetricFilter): SQL {
  const from = dayStart(range.from);
  const to = dayStart(addDays(range.to, 1));
  const active = sql`(select * from ai_conversation c where ${all([
    sql`c.status in (${STATUSES})`,
    sql`c.last_message_time >= ${from}`,
    sql`c.create_time < ${to}`,
    sql`c.channel <> 'debug'`,
    ...filterOn('c', f),
  ])})`;
  const handed = "(c.status in ('waiting', 'human') or coalesce(x.noted, false))";
  const conversations = sql`
    select ${chinaDate('c.create_time')} as day, c.agent_id, c.channel, ${part(
      {
        conversations: '1',
        handoffs: `case when ${handed} then 1 else 0 end`,
        ai_resolved: `case when c.status = 'closed' and not ${handed} then 1 else 0 end`,
      },
      `width_bucket(extract(epoch from x.answered - x.asked)::float8, ${BOUNDS})`,
    )}
    from ${active} c
    left join lateral (
      select
        bool_or(w.sender = 'system' and (w.content like ${HANDED_OFF} or w.content like ${JOINED})) as noted,
        min(w.create_time) filter (where w.sender = 'customer') as asked,
        min(w.create_time) filter (where w.sender in ('ai', 'staff') and w.after_customer) as answered
      from (
        select sender, content, create_time, bool_or(sender = 'customer') over (order by seq) as after_customer
        from ai_message where conversation_id = c.conversation_id
      ) w
    ) x on true
    where c.create_time >= ${from}`;
  const messages = sql`
    select m.day, c.agent_id, c.channel, ${part({ customer_messages: 'm.customer', ai_replies: 'm.ai', knowledge_hits: 'm.knowledge', tokens: 'm.tokens' })}
    from ${active} c
    cross join lateral (
      select ${chinaDate('create_time')} as day,
        count(*) filter (where sender = 'customer') as customer,
        count(*) filter (where sender = 'ai') as ai,
        count(*) filter (where sender = 'ai' and hit->>'type' = 'knowledge') as knowledge,
        sum(prompt_tokens + completion_tokens) as tokens
      from ai_message where conversation_id = c.conversation_id and create_time >= ${from} and create_time < ${to}
      group by 1
    ) m`;
  const leads = sql`
    select ${chinaDate('l.captured_time')} as day, l.agent_id, l.channel, ${part({
      leads: '1',
      contacted:
        "case when l.status in ('contacted', 'converted') or exists (select 1 from crm_lead_event e where e.lead_id = l.lead_id and e.to_status in ('contacted', 'converted')) then 1 else 0 end",
      converted: "case when l.status = 'converted' then 1 else 0 end",
    })}
    from crm_lead l
    where ${all([
      sql`l.captured_time >= ${from}`,
      sql`l.captured_time < ${to}`,
      sql`l.agent_id is not null`,
      sql`l.channel <> 'debug'`,
      sql`l.status <> 'duplicate'`,
      ...filterOn('l', f),
    ])}`;
  return sql`
    select day, agent_id, channel, ${SUMS}
    from (${conversations} union all ${messages} union all ${leads}) u
    group by day, agent_id, channel`;
}

/** The stored rows of a range of days. */
export function storedRowsSql(range: DayRange, f: MetricFilter): SQL {
  return sql`select ${ROW_COLUMNS} from ai_stat_daily s where ${all([sql`s.day >= ${range.from}::date`, sql`s.day <= ${range.to}::date`, ...filterOn('s', f)])}`;
}
