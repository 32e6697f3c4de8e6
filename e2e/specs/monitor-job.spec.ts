import { expect, test, type Page } from '@playwright/test';
import { loginAs, snap } from '../support/session';
import { openShell } from '../support/shell';
import { button, consoleErrors, searchForm, tableRow } from '../support/list-page';

const confirmPrompt = async (page: Page, text: string) => {
  const prompt = page.getByRole('dialog', { name: '系统提示' });
  await expect(prompt).toContainText(text);
  await button(prompt, '确定').click();
  await expect(prompt).toBeHidden();
};

test('定时任务: build a job with the cron builder, refused target, run once into 调度日志, pause/resume, delete', async ({ page }) => {
  // A whole screen's flow across two pages and the scheduler, many round trips on one test.
  test.setTimeout(180_000);
  const errors = consoleErrors(page);
  await loginAs(page);
  await openShell(page, '/monitor/job');
  await expect(tableRow(page, 'ryTask.ryNoParams')).toBeVisible();

  const name = `e2e任务${Date.now() % 100000}`;
  await button(page, '新增').click();
  const form = page.getByRole('dialog', { name: '添加任务' });
  await form.getByLabel('任务名称', { exact: true }).fill(name);

  // The target picker writes the string from the chosen target and its typed parameter.
  await form.getByLabel('选择调用目标').click();
  await page.locator('.ant-select-item-option', { hasText: 'ryTask.ryParams' }).first().click();
  const target = form.getByLabel('调用目标字符串', { exact: true });
  await expect(target).toHaveValue("ryTask.ryParams('ry')");
  await form.getByLabel('字符串参数').fill('e2e');
  await expect(target).toHaveValue("ryTask.ryParams('e2e')");

  // The builder: every 20 seconds from second 5, its preview five runs 20 s apart.
  await button(form, '生成表达式').click();
  const builder = page.getByRole('dialog', { name: 'Cron表达式生成器' });
  await expect(builder).toBeVisible();
  await builder.getByRole('radio', { name: '从', exact: true }).check();
  await builder.getByLabel('起始秒', { exact: true }).fill('5');
  await builder.getByLabel('间隔秒', { exact: true }).fill('20');
  await builder.getByLabel('起始秒', { exact: true }).press('Tab');
  await expect(builder.getByLabel('Cron 表达式')).toHaveValue('5/20 * * * * ?');
  const runs = builder.getByRole('list', { name: '最近5次运行时间' }).getByRole('listitem');
  await expect(runs).toHaveCount(5);
  const times = (await runs.allTextContents()).map((t) => Date.parse(`${t.replace(' ', 'T')}+08:00`));
  for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(20_000);
  for (const t of times) expect([5, 25, 45]).toContain(new Date(t).getUTCSeconds());
  await snap(page, 'job-crontab');

  // An invalid expression typed in the builder gives the reason and cannot be taken.
  await builder.getByLabel('Cron 表达式').fill('5/20 * * * * *');
  await expect(builder).toContainText('日和周字段必须且只能有一个为“?”');
  await expect(button(builder, '确定')).toBeDisabled();
  await builder.getByLabel('Cron 表达式').fill('5/20 * * * * ?');
  await button(builder, '确定').click();
  await expect(builder).toBeHidden();
  await expect(form.getByLabel('cron表达式', { exact: true })).toHaveValue('5/20 * * * * ?');
  await button(form, '确定').click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(form).toBeHidden();

  const row = tableRow(page, name);
  await expect(row).toContainText("ryTask.ryParams('e2e')");
  // New jobs are stored paused.
  const toggle = row.getByRole('switch');
  await expect(toggle).not.toBeChecked();
  const jobId = (await row.locator('td').nth(1).textContent())?.trim();
  expect(jobId).toMatch(/^\d+$/);

  // 修改 opens on the stored job: the picker reads the target's parameter back, 状态 is offered.
  await button(row, '修改').click();
  const edit = page.getByRole('dialog', { name: '修改任务' });
  await expect(edit.getByLabel('字符串参数')).toHaveValue('e2e');
  await expect(edit.getByRole('radio', { name: '暂停' })).toBeChecked();
  await edit.getByLabel('备注').fill('e2e修改');
  await button(edit, '确定').click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(edit).toBeHidden();

  // A target outside the registry: the server's refusal, in the contract's words.
  await button(page, '新增').click();
  await expect(form.getByRole('radio', { name: '暂停' })).toHaveCount(0);
  await form.getByLabel('任务名称', { exact: true }).fill(`${name}x`);
  await target.fill("ryTask.ryParams('http://example.test')");
  await form.getByLabel('cron表达式', { exact: true }).fill('0 0 2 * * ?');
  await button(form, '确定').click();
  await expect(page.getByText(`新增任务'${name}x'失败，目标字符串不允许'http(s)'调用`)).toBeVisible();
  await target.fill('evilTask.run');
  await button(form, '确定').click();
  await expect(page.getByText(`新增任务'${name}x'失败，目标字符串不在白名单内`)).toBeVisible();
  await expect(form).toBeVisible();
  await button(form, '取消').click();
  await expect(tableRow(page, `${name}x`)).toHaveCount(0);

  // 执行一次, then its entry in 调度日志 (reached from the row, filtered to this job).
  await button(row, '执行一次').click();
  await confirmPrompt(page, `确认要立即执行一次"${name}"任务吗?`);
  await expect(page.getByText('执行成功')).toBeVisible();
  await button(row, '调度日志').click();
  await expect(page).toHaveURL(new RegExp(`/monitor/job-log/index/${jobId}$`));
  await expect(searchForm(page).getByLabel('任务名称', { exact: true })).toHaveValue(name);
  const logRow = tableRow(page, name);
  await expect(async () => {
    await button(searchForm(page), '搜索').click();
    await expect(logRow).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(logRow).toContainText('成功');
  await button(logRow, '详细').click();
  const detail = page.getByRole('dialog', { name: '调度日志详细' });
  await expect(detail).toContainText("ryTask.ryParams('e2e')");
  await expect(detail).toContainText('正常');
  await snap(page, 'job-log-detail');
  // The footer's 关 闭, not the corner's ×.
  await detail.getByRole('button', { name: '关 闭' }).click();
  await expect(detail).toBeHidden();
  await button(page, '关闭').click();
  await expect(page).toHaveURL(/\/monitor\/job$/);

  // Resume, then pause again.
  await toggle.click();
  await confirmPrompt(page, `确认要"启用""${name}"任务吗?`);
  await expect(page.getByText('启用成功')).toBeVisible();
  await expect(toggle).toBeChecked();
  await expect(row.locator('td').nth(6)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:(05|25|45)$/);
  await toggle.click();
  await confirmPrompt(page, `确认要"停用""${name}"任务吗?`);
  await expect(page.getByText('停用成功')).toBeVisible();
  await expect(toggle).not.toBeChecked();

  await button(row, '删除').click();
  await confirmPrompt(page, `是否确认删除定时任务编号为"${jobId}"的数据项？`);
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect(errors).toEqual([]);
});
