import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { publishedAgent } from '../support/ai-chat';
import { adminHeaders, API, loginAs, snap } from '../support/session';
import { workbenchLinks } from '../support/shell';

/** The widths the console promises to fit without cutting a row action (the 1440×900 included). */
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1440, height: 900 },
];

/** Detail pages without a menu entry whose table must fit too. */
const HIDDEN_LIST_PAGES = ['/system/dict-data/index/1', '/system/user-auth/role/2', '/system/role-auth/user/2'];

/**
 * Menu pages that are not a list (在线会话 is a conversation list beside a message pane; the monitors are
 * dashboards; 表单构建 is a designer and 系统接口 a frame).
 */
const NOT_LIST_PAGES = new Set(['/ai/conversation', '/monitor/server', '/monitor/cache', '/monitor/druid', '/tool/build', '/tool/swagger']);

/** A model provider with long names and several long model ids: 模型配置's widest row. */
async function wideModelProvider(request: APIRequestContext, name: string): Promise<void> {
  const headers = await adminHeaders(request);
  const models = ['qwen2.5-72b-instruct-128k', 'deepseek-r1-distill-qwen-32b', 'glm-4-plus-0111-long-context'];
  const data = { name, baseUrl: 'https://dashscope.aliyuncs.com/compatible-mode/v1/long/path/segment', models, defaultModel: models[1] };
  const created = (await (await request.post(`${API}/ai/model`, { headers, data })).json()) as { code: number; msg: string };
  expect(created, created.msg).toMatchObject({ code: 200 });
}

/** A BOSS recruiter account with long names: BOSS招聘 shows its table (not the first-account prompt) at its widest. */
async function wideBossAccount(request: APIRequestContext, name: string): Promise<void> {
  const headers = await adminHeaders(request);
  const data = { recruiterName: name, company: '宽度检查人力资源服务有限公司杭州分公司' };
  const created = (await (await request.post(`${API}/channel/bossZP/account`, { headers, data })).json()) as { code: number; msg: string };
  expect(created, created.msg).toMatchObject({ code: 200 });
}

/**
 * A generator table with a long name and comment (代码生成's widest row); its 修改生成配置 page, whose
 * column grid scrolls inside itself, must fit the window too. Returns that page's path.
 */
async function wideGenTable(request: APIRequestContext, suffix: string): Promise<string> {
  const headers = await adminHeaders(request);
  const name = `width_check_customer_follow_up_record_${suffix.replace(/\W/g, '_')}`;
  const sql = `CREATE TABLE ${name} (record_id bigint PRIMARY KEY, follow_up_content_summary varchar(500) NOT NULL COMMENT '跟进内容摘要（宽度检查用的较长字段描述）') COMMENT='宽度检查客户跟进记录明细表（名称较长）'`;
  const created = (await (await request.post(`${API}/tool/gen/createTable?sql=${encodeURIComponent(sql)}`, { headers })).json()) as { code: number; msg: string };
  expect(created, created.msg).toMatchObject({ code: 200 });
  const list = (await (await request.get(`${API}/tool/gen/list?tableName=${name}`, { headers })).json()) as { rows: { tableId: number }[] };
  return `/tool/gen-edit/index/${list.rows[0].tableId}`;
}

interface TableFit {
  /** Scroll width minus visible width of the table's scroll box. */
  overflow: number;
  /** 操作 buttons of the visible rows that are not wholly inside the table's visible box. */
  cutActions: string[];
}

/** Every page the admin's workbench links to (the menu as this build has it), plus the hidden list pages. */
async function listPages(page: Page): Promise<string[]> {
  const hrefs = await workbenchLinks(page);
  return [...hrefs.filter((h) => h.startsWith('/') && !NOT_LIST_PAGES.has(h)), ...HIDDEN_LIST_PAGES];
}

/** Opens a list page and waits for its table to finish loading. */
async function openListPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('button', { name: '用户菜单' })).toBeVisible();
  await expect(page.getByText('404', { exact: true })).toHaveCount(0);
  await expect(page.locator('.app-main .ant-table-tbody > tr').first()).toBeAttached();
  await expect(page.locator('.app-main .ant-spin-spinning')).toHaveCount(0);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/** Measures the visible tables of the open page: their overflow and any cut action button. */
function measureTables(page: Page): Promise<TableFit[]> {
  return page.evaluate(() => {
    const within = (inner: DOMRect, outer: DOMRect) => inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
    return [...document.querySelectorAll<HTMLElement>('.ant-table-wrapper')]
      .filter((wrapper) => wrapper.offsetParent !== null)
      .map((wrapper) => {
        const box = wrapper.querySelector<HTMLElement>('.ant-table-body, .ant-table-content');
        if (!box) return { overflow: 0, cutActions: [] };
        const heads = [...wrapper.querySelectorAll('thead th')];
        const actionIndex = heads.findIndex((th) => th.textContent?.trim() === '操作');
        const boxRect = box.getBoundingClientRect();
        const cutActions =
          actionIndex < 0
            ? []
            : [...box.querySelectorAll('tbody tr.ant-table-row')].flatMap((row) => {
                const cell = row.children[actionIndex] as HTMLElement | undefined;
                if (!cell) return [];
                const cellRect = cell.getBoundingClientRect();
                return [...cell.querySelectorAll<HTMLElement>('button, a')]
                  .filter((b) => {
                    const r = b.getBoundingClientRect();
                    return r.width > 0 && (!within(r, boxRect) || !within(r, cellRect));
                  })
                  .map((b) => b.textContent?.trim() || b.getAttribute('aria-label') || '?');
              });
        return { overflow: box.scrollWidth - box.clientWidth, cutActions };
      });
  });
}

for (const viewport of VIEWPORTS) {
  test(`every list page fits ${viewport.width}×${viewport.height} without cutting an action`, async ({ page }) => {
    // About 40 pages, each loaded and measured: room for a loaded 2-core machine (35 s on an idle one).
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await loginAs(page);
    // A published agent shows AI客服列表's widest set of row actions; rows with long values must fit too.
    const suffix = `${viewport.width}-${Date.now() % 100000}`;
    await publishedAgent(page.request, `宽度检查${suffix}`);
    await wideModelProvider(page.request, `宽度检查模型服务商名称${suffix}`);
    await wideBossAccount(page.request, `宽度检查招聘官${suffix}`);
    const genEditPage = await wideGenTable(page.request, suffix);
    const paths = [...(await listPages(page)), genEditPage];
    expect(paths).toContain('/tool/gen');
    expect(paths).toContain('/system/dict');

    const problems: string[] = [];
    let tablesSeen = 0;
    for (const path of paths) {
      await openListPage(page, path);
      const tables = await measureTables(page);
      tablesSeen += tables.length;
      for (const [i, fit] of tables.entries()) {
        if (fit.overflow > 0 && fit.cutActions.length) problems.push(`${path} table ${i}: ${fit.overflow}px too wide, cuts ${fit.cutActions.join('/')}`);
        else if (fit.cutActions.length) problems.push(`${path} table ${i}: cuts ${fit.cutActions.join('/')}`);
      }
      const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (pageOverflow > 0) problems.push(`${path}: the page is ${pageOverflow}px wider than the window`);
    }
    await openListPage(page, '/system/dict');
    await snap(page, `dict-${viewport.width}`);
    expect(tablesSeen).toBeGreaterThan(8);
    expect(problems).toEqual([]);
  });
}
