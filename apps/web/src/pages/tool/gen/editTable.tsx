import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Card, Empty, Form, Spin, Tabs } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { GEN_DEFAULT_MODULE, GEN_TYPE_ZIP, type GenTplCategory } from '@acs/shared';
import { optionselect } from '../../../api/system/dict/type';
import { listMenu } from '../../../api/system/menu';
import { genSettings, getGenTable, updateGenTable, type GenTable, type GenTableColumn, type GenTableDetail } from '../../../api/tool/gen';
import { useCloseTab } from '../../../hooks/useCloseTab';
import { toast } from '../../../utils/feedback';
import BasicInfoForm, { type BasicValues } from './components/BasicInfoForm';
import ColumnGrid from './components/ColumnGrid';
import { invalidFields } from './components/columnEdits';
import GenInfoForm, { type GenValues } from './components/GenInfoForm';
import { GEN_LIST_KEY } from './components/listKey';
import './components/gen.css';

type TabKey = 'basic' | 'columns' | 'gen';

const INVALID_MESSAGE = '表单校验未通过，请重新检查提交内容';

const basicValues = (info: GenTable): BasicValues => ({
  tableName: info.tableName,
  tableComment: info.tableComment,
  className: info.className,
  functionAuthor: info.functionAuthor ?? '',
  remark: info.remark ?? '',
});

const genValues = (info: GenTable): GenValues => ({
  tplCategory: (info.tplCategory || 'crud') as GenTplCategory,
  moduleName: info.moduleName || GEN_DEFAULT_MODULE,
  businessName: info.businessName ?? '',
  functionName: info.functionName ?? '',
  formColNum: info.formColNum || 1,
  // '1' from this project's server, true from RuoYi's.
  genView: info.genView === '1' || info.genView === true,
  parentMenuId: info.parentMenuId || undefined,
  genType: info.genType || GEN_TYPE_ZIP,
  genPath: info.genPath || '/',
  treeCode: info.treeCode ?? undefined,
  treeParentCode: info.treeParentCode ?? undefined,
  treeName: info.treeName ?? undefined,
  subTableName: info.subTableName ?? undefined,
  subTableFkName: info.subTableFkName ?? undefined,
});

function EditForms({ detail, close }: { detail: GenTableDetail; close: () => void }) {
  const queryClient = useQueryClient();
  const [basicForm] = Form.useForm<BasicValues>();
  const [genForm] = Form.useForm<GenValues>();
  const [tab, setTab] = useState<TabKey>('columns');
  const [columns, setColumns] = useState<GenTableColumn[]>(detail.rows);
  const [refused, setRefused] = useState(false);
  const [saving, setSaving] = useState(false);
  const dicts = useQuery({ queryKey: ['system/dict/type/optionselect'], queryFn: optionselect });
  const menus = useQuery({ queryKey: ['system/menu/list'], queryFn: () => listMenu() });
  const settings = useQuery({ queryKey: ['tool/gen/settings'], queryFn: genSettings });
  const writeToTree = settings.data?.data?.writeToTree === true;

  /** Both forms and the grid, each checked; the first tab with a problem is shown. */
  const validate = async (): Promise<[BasicValues, GenValues] | undefined> => {
    const [basic, gen] = await Promise.allSettled([basicForm.validateFields(), genForm.validateFields()]);
    const badColumns = invalidFields(columns).length > 0;
    setRefused(badColumns);
    if (basic.status === 'rejected' || gen.status === 'rejected' || badColumns) {
      setTab(basic.status === 'rejected' ? 'basic' : badColumns ? 'columns' : 'gen');
      toast.error(INVALID_MESSAGE);
      return undefined;
    }
    return [basic.value, gen.value];
  };

  const submit = async () => {
    const values = await validate();
    if (!values) return;
    // The whole store: fields of a template no longer shown (cleared sub-table names) are sent too.
    const basic = values[0];
    const gen: GenValues = { ...genForm.getFieldsValue(true), ...values[1] };
    const { genView, treeCode, treeParentCode, treeName, parentMenuId } = gen;
    // A path can only be chosen where the server writes into its tree; elsewhere the table goes back to the zip.
    const genType = settings.isSuccess && !writeToTree ? GEN_TYPE_ZIP : gen.genType;
    setSaving(true);
    try {
      const res = await updateGenTable({
        ...detail.info,
        ...basic,
        ...gen,
        genType,
        genView: genView ? '1' : '0',
        parentMenuId: parentMenuId ?? null,
        packageName: `modules/${gen.moduleName}`,
        columns,
        params: { treeCode, treeParentCode, treeName, parentMenuId: parentMenuId ?? null, genView: genView ? '1' : '0' },
      });
      toast.success(res.msg);
      void queryClient.invalidateQueries({ queryKey: [GEN_LIST_KEY] });
      close();
    } catch {
      // The request layer already showed the server's message; the page stays for a correction.
    } finally {
      setSaving(false);
    }
  };

  // Every pane renders from the start: the forms of hidden tabs must be there for 提交 to validate them.
  const items = [
    { key: 'basic', label: '基本信息', forceRender: true, children: <BasicInfoForm form={basicForm} initialValues={basicValues(detail.info)} /> },
    {
      key: 'columns',
      label: '字段信息',
      forceRender: true,
      children: <ColumnGrid columns={columns} onChange={setColumns} dictTypes={dicts.data?.data ?? []} showErrors={refused} />,
    },
    {
      key: 'gen',
      label: '生成信息',
      forceRender: true,
      children: (
        <GenInfoForm
          form={genForm}
          initialValues={genValues(detail.info)}
          columns={columns}
          tableName={detail.info.tableName}
          tables={detail.tables}
          menus={menus.data?.data ?? []}
          writeToTree={writeToTree}
        />
      ),
    },
  ];

  return (
    <Card className="gen-edit">
      <Tabs activeKey={tab} onChange={(key) => setTab(key as TabKey)} items={items} />
      <div className="gen-edit-footer">
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          提交
        </Button>
        <Button onClick={close}>返回</Button>
      </div>
    </Card>
  );
}

/** 修改生成配置 (screens §5.2, route /tool/gen-edit/index/:tableId). */
export default function GenEditPage() {
  const tableId = Number(useParams().tableId);
  const close = useCloseTab('/tool/gen');
  const query = useQuery({ queryKey: ['tool/gen/detail', tableId], queryFn: () => getGenTable(tableId), gcTime: 0 });
  const detail = query.data?.data;

  return (
    <div className="app-container">
      {query.isPending ? (
        <Spin style={{ display: 'block', margin: '80px auto' }} />
      ) : detail ? (
        <EditForms key={tableId} detail={detail} close={close} />
      ) : (
        <Empty description="没有找到这张表的生成配置">
          <Button onClick={close}>返回</Button>
        </Empty>
      )}
    </div>
  );
}
