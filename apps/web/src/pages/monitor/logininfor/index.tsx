import { Button, DatePicker, Form, type TableColumnsType } from 'antd';
import { UnlockOutlined } from '@ant-design/icons';
import { cleanLogininfor, delLogininfor, listLogininfor, unlockLogininfor, type LoginInfo, type LoginInfoQuery } from '../../../api/monitor/logininfor';
import { HasPermi } from '../../../components/HasPermi';
import {
  confirmAction,
  deleteRows,
  dictColumn,
  ListTable,
  ListToolbar,
  SearchBar,
  SearchDict,
  SearchText,
  sortableColumn,
  textColumn,
} from '../../../components/ListPage';
import { useDict } from '../../../hooks/useDict';
import { useListPage } from '../../../hooks/useListPage';
import { parseTime } from '../../../utils/ruoyi';

const PERM = 'monitor:logininfor';
/** Newest first, as the RuoYi screen opens; 重置 comes back to it. */
const FILTERS: LoginInfoQuery = { orderByColumn: 'loginTime', isAsc: 'descending' };

/** 登录日志 (screens §4.4): logins, logouts and refusals; delete, 清空, 解锁 a locked-out user, export. */
export default function LogininforPage() {
  const { sys_common_status: statuses } = useDict('sys_common_status');
  const list = useListPage<LoginInfo, LoginInfoQuery>('monitor/logininfor', listLogininfor, FILTERS);
  const reload = () => {
    list.setSelectedKeys([]);
    list.refresh();
  };
  const selected = list.rows.filter((r) => list.selectedKeys.includes(r.infoId));
  const sort = { orderByColumn: list.filters.orderByColumn, isAsc: list.filters.isAsc };

  const remove = (ids: number[]) => void deleteRows('访问', ids, delLogininfor, reload);
  const clean = () => void confirmAction('是否确认清空所有登录日志数据项？', cleanLogininfor, '清空成功', reload);
  const unlock = (userName: string) =>
    void confirmAction(`是否确认解锁用户"${userName}"数据项？`, () => unlockLogininfor(userName), `用户${userName}解锁成功`, reload);

  const columns: TableColumnsType<LoginInfo> = [
    { ...textColumn<LoginInfo>('访问编号', 'infoId'), width: 100 },
    sortableColumn<LoginInfo>({ ...textColumn<LoginInfo>('用户名称', 'userName', true), key: 'userName' }, sort),
    textColumn('地址', 'ipaddr', true),
    textColumn('登录地点', 'loginLocation', true),
    textColumn('操作系统', 'os', true),
    textColumn('浏览器', 'browser', true),
    { ...dictColumn<LoginInfo>('登录状态', 'status', statuses), width: 100 },
    { ...textColumn<LoginInfo>('描述', 'msg', true), width: 240 },
    sortableColumn<LoginInfo>({ title: '访问时间', dataIndex: 'loginTime', key: 'loginTime', align: 'center', width: 180, render: (v: string) => parseTime(v) }, sort),
  ];

  return (
    <div className="app-container">
      <SearchBar list={list} initialValues={FILTERS} dateRangeWithTimes>
        <SearchText label="登录地址" name="ipaddr" />
        <SearchText label="用户名称" name="userName" />
        <SearchDict label="状态" name="status" placeholder="登录状态" options={statuses} />
        <Form.Item label="登录时间" name="dateRange">
          <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} style={{ width: 240 }} />
        </Form.Item>
      </SearchBar>
      <ListToolbar perm={PERM} list={list} onDelete={remove} onClean={clean} exportUrl="/monitor/logininfor/export" exportName="logininfor">
        <HasPermi value={[`${PERM}:unlock`]}>
          <Button color="primary" variant="outlined" icon={<UnlockOutlined />} disabled={selected.length !== 1} onClick={() => unlock(selected[0].userName)}>
            解锁
          </Button>
        </HasPermi>
      </ListToolbar>
      <ListTable list={list} rowKey="infoId" columns={columns} minWidth={1100} onSort={(next) => list.search(next)} />
    </div>
  );
}
