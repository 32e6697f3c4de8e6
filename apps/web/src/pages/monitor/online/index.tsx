import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import type { OnlineUser } from '@acs/shared';
import { batchLogout, forceLogout, listOnline, type OnlineQuery } from '../../../api/monitor/online';
import { HasPermi } from '../../../components/HasPermi';
import { confirmAction, ListTable, SearchBar, SearchText, textColumn, ToolbarRow } from '../../../components/ListPage';
import { useListPage } from '../../../hooks/useListPage';
import { parseTime } from '../../../utils/ruoyi';

const PERM = 'monitor:online';
const FILTERS: OnlineQuery = {};
const OWN_SESSION = '当前会话不能强退，请使用“退出登录”';

/** The server answers every session at once; the filters are all it takes. */
const fetchOnline = ({ ipaddr, userName }: OnlineQuery) => listOnline({ ipaddr, userName });

/**
 * 在线用户 (screens §4.1): the sessions of every server instance, paged here; 强退 one or a selection.
 * The caller's own session is marked and cannot be ended from this screen (the server refuses too).
 */
export default function OnlinePage() {
  const list = useListPage<OnlineUser, OnlineQuery>('monitor/online', fetchOnline, FILTERS);
  const { pageSize } = list.page;
  // After a 强退 empties the last page, the one before it is shown.
  const pageNum = Math.min(list.page.pageNum, Math.max(1, Math.ceil(list.rows.length / pageSize)));
  const offset = (pageNum - 1) * pageSize;
  const pageRows = list.rows.slice(offset, offset + pageSize);
  const selected = list.selectedKeys.map(String);
  const reload = () => {
    list.setSelectedKeys([]);
    list.refresh();
  };

  const logoutOne = (row: OnlineUser) =>
    void confirmAction(`是否确认强退名称为"${row.userName}"的用户？`, () => forceLogout(row.tokenId), '强退成功', reload);
  const logoutSelected = () =>
    void confirmAction(
      `是否确认强退选中的${selected.length}个会话？`,
      async () => (await batchLogout(selected)).data ?? 0,
      (ended) => `已强退${ended}个会话`,
      reload,
    );

  const columns: TableColumnsType<OnlineUser> = [
    { title: '序号', key: 'index', align: 'center', width: 70, render: (_, _row, i) => offset + i + 1 },
    { ...textColumn<OnlineUser>('会话编号', 'tokenId', true), width: 200 },
    {
      title: '登录名称',
      dataIndex: 'userName',
      align: 'center',
      render: (name: string, row) => (
        <span>
          {name}
          {row.current && (
            <Tag color="processing" style={{ marginInlineStart: 6 }}>
              当前会话
            </Tag>
          )}
        </span>
      ),
    },
    textColumn('所属部门', 'deptName', true),
    textColumn('主机', 'ipaddr', true),
    textColumn('登录地点', 'loginLocation', true),
    textColumn('操作系统', 'os', true),
    textColumn('浏览器', 'browser', true),
    { title: '登录时间', dataIndex: 'loginTime', align: 'center', width: 180, render: (v: number) => parseTime(v) },
    {
      title: '操作',
      key: 'actions',
      align: 'center',
      fixed: 'right',
      width: 90,
      render: (_, row) => (
        <HasPermi value={[`${PERM}:forceLogout`]}>
          <Tooltip title={row.current ? OWN_SESSION : undefined}>
            <Button type="link" size="small" danger icon={<LogoutOutlined />} disabled={row.current} onClick={() => logoutOne(row)}>
              强退
            </Button>
          </Tooltip>
        </HasPermi>
      ),
    },
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS}>
        <SearchText label="登录地址" name="ipaddr" />
        <SearchText label="用户名称" name="userName" />
      </SearchBar>
      <ToolbarRow list={list}>
        <HasPermi value={[`${PERM}:batchLogout`]}>
          <Button color="danger" variant="outlined" icon={<LogoutOutlined />} disabled={selected.length === 0} onClick={logoutSelected}>
            批量强退
          </Button>
        </HasPermi>
      </ToolbarRow>
      <ListTable list={{ ...list, rows: pageRows, page: { pageNum, pageSize } }} rowKey="tokenId" columns={columns} minWidth={1200} selectable={(row) => !row.current} />
    </div>
  );
}
