import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDeps } from '../../../app';
import { ServiceError } from '../../../core/errors';
import { IMPORT_MAX_ROWS_KEY, importRowLimit, importWorkbook, type ExcelColumn, type ImportOutcome } from '../../../core/list';
import type { Db } from '../../../db/client';
import { aiKnowledge } from '../../../db/schema';
import { getConfigValue } from '../../system/config/service';
import { bumpAgentVersion } from '../agent/bundle';
import { requireAgent } from '../agent/service';
import { scheduleAgentEmbeddings } from '../embedding/service';
import { findByQuestion, knowledgeFieldsOf } from './knowledge';
import { knowledgeFields } from './schema';

export const SHEET = '知识库';
const STATUS = { '0': '启用', '1': '停用' };

/** Template and import columns; the import reads rows back by these titles. */
export const Col = { QUESTION: '问题', SIMILAR: '相似问法', ANSWER: '答案', STATUS: '状态' } as const;

type KnowledgeRow = typeof aiKnowledge.$inferSelect;

export const exportColumns: ExcelColumn<KnowledgeRow>[] = [
  { header: Col.QUESTION, value: (r) => r.question, width: 30 },
  { header: Col.SIMILAR, value: (r) => r.similarQuestions.join('\n'), width: 30 },
  { header: Col.ANSWER, value: (r) => r.answer, width: 50 },
  { header: Col.STATUS, value: (r) => r.status, dict: STATUS },
  { header: '命中次数', value: (r) => r.hitCount },
  { header: '最后命中时间', value: (r) => r.lastHitTime, width: 20 },
];

export const templateColumns: ExcelColumn<never>[] = Object.values(Col).map((header) => ({ header, value: () => null }));

const importRow = z.object(knowledgeFields);

/** 「正常」 is accepted beside 「启用」, as other RuoYi sheets call it; a code is kept as it is. */
function statusCode(text: string | undefined): string | undefined {
  if (!text) return undefined;
  if (text === '正常') return '0';
  return Object.entries(STATUS).find(([, label]) => label === text)?.[0] ?? text;
}

function parseRow(cells: Record<string, string>) {
  const parsed = importRow.safeParse({
    question: cells[Col.QUESTION] ?? '',
    // One phrasing per line in the cell, or several separated by |.
    similarQuestions: (cells[Col.SIMILAR] ?? '')
      .split(/[\r\n|｜]+/)
      .map((s) => s.trim())
      .filter(Boolean),
    answer: cells[Col.ANSWER] ?? '',
    status: statusCode(cells[Col.STATUS]),
  });
  if (!parsed.success) throw new ServiceError(parsed.error.issues[0]?.message ?? '数据格式不正确');
  return knowledgeFieldsOf(parsed.data);
}

interface ImportContext {
  agentId: number;
  updateSupport: boolean;
  operator: string;
  at: Date;
  /** Questions already in this file: a second row with the same question is a mistake, not an update. */
  seen: Set<string>;
}

async function importOne(db: Db, ctx: ImportContext, cells: Record<string, string>): Promise<ImportOutcome> {
  const fields = parseRow(cells);
  if (ctx.seen.has(fields.question)) throw new ServiceError('与文件中前面的行问题重复');
  ctx.seen.add(fields.question);
  const existing = await findByQuestion(db, ctx.agentId, fields.question);
  if (!existing) {
    await db.insert(aiKnowledge).values({ ...fields, agentId: ctx.agentId, createBy: ctx.operator, createTime: ctx.at });
    return 'inserted';
  }
  if (!ctx.updateSupport) return 'exists';
  await db
    .update(aiKnowledge)
    .set({ ...fields, updateBy: ctx.operator, updateTime: ctx.at })
    .where(and(eq(aiKnowledge.agentId, ctx.agentId), eq(aiKnowledge.knowledgeId, existing.knowledgeId)));
  return 'updated';
}

/**
 * POST /ai/agent/{agentId}/knowledge/importData: the whole file in one transaction, as the user
 * import does. When any row fails nothing is written and the report lists every failing row.
 */
export async function importKnowledge(
  deps: Pick<AppDeps, 'database' | 'kv' | 'now'>,
  agentId: number,
  data: Buffer,
  updateSupport: boolean,
  operator: string,
): Promise<string> {
  await requireAgent(deps.database.db, agentId);
  const ctx: ImportContext = { agentId, updateSupport, operator, at: new Date(deps.now()), seen: new Set() };
  const report = await importWorkbook(deps.database.db, data, {
    label: (cells) => `问题 ${cells[Col.QUESTION] ?? ''}`,
    importOne: (db, cells) => importOne(db, ctx, cells),
    emptyMessage: '导入知识库数据不能为空！',
    maxRows: importRowLimit(await getConfigValue(deps, IMPORT_MAX_ROWS_KEY)),
  });
  await bumpAgentVersion(deps, agentId);
  scheduleAgentEmbeddings(deps, agentId);
  return report;
}
