import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Radio, Spin, Table, type TableColumnsType } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_STAGE_LABELS } from '@acs/shared';
import { getCustomer, MERGE_FIELDS, mergeCustomer, type CustomerDetail, type MergeField, type MergeSide } from '../../../../api/crm/customer';
import { confirmDialog, toast } from '../../../../utils/feedback';

const FIELD_LABELS: Record<MergeField, string> = {
  name: '客户名称',
  phone: '手机号',
  wechat: '微信号',
  ownerId: '负责人',
  stage: '阶段',
  remark: '备注',
};

/** A field's value as the dialog shows it (the phone as the server sent it, masked or not). */
function shown(c: CustomerDetail, field: MergeField): string {
  switch (field) {
    case 'ownerId':
      return c.ownerName ?? '';
    case 'stage':
      return CUSTOMER_STAGE_LABELS[c.stage] ?? c.stage;
    case 'phone':
      return c.phone || c.phoneMasked || '';
    default:
      return c[field] ?? '';
  }
}

const hasValue = (c: CustomerDetail, field: MergeField) => (field === 'ownerId' ? c.ownerId != null : shown(c, field) !== '');

/** Each field keeps the kept customer's value, unless only the merged one has a value. */
export function defaultPick(target: CustomerDetail, source: CustomerDetail): Record<MergeField, MergeSide> {
  return Object.fromEntries(MERGE_FIELDS.map((f) => [f, !hasValue(target, f) && hasValue(source, f) ? 'source' : 'target'])) as Record<MergeField, MergeSide>;
}

const customerName = (c: CustomerDetail) => c.name || `客户#${c.customerId}`;

interface MergeDialogProps {
  /** The two customers ticked in the list; the first is kept unless the sides are swapped. */
  ids: [number, number];
  onClose: () => void;
  onMerged: () => void;
}

interface Row {
  field: MergeField;
}

/**
 * 合并客户: the two customers side by side with a choice per field, confirmed before the merge. The kept
 * customer takes over the other's identities, conversations and leads; the other one is deleted.
 */
export default function MergeDialog({ ids, onClose, onMerged }: MergeDialogProps) {
  const [order, setOrder] = useState<[number, number]>(ids);
  // What the user changed; every other field keeps its default for the current sides.
  const [chosen, setChosen] = useState<Partial<Record<MergeField, MergeSide>>>({});
  const [saving, setSaving] = useState(false);
  const load = (id: number) => ({ queryKey: ['crm/customer/detail', id], queryFn: () => getCustomer(id).then((r) => r.data!) });
  const first = useQuery(load(ids[0]));
  const second = useQuery(load(ids[1]));
  const byId = new Map([first.data, second.data].filter((c): c is CustomerDetail => Boolean(c)).map((c) => [c.customerId!, c]));
  const target = byId.get(order[0]);
  const source = byId.get(order[1]);

  const pick = target && source ? { ...defaultPick(target, source), ...chosen } : null;

  const failed = first.isError || second.isError;
  useEffect(() => {
    // The request layer has shown why a customer could not be read; there is nothing to merge.
    if (failed) onClose();
  }, [failed, onClose]);

  const submit = async () => {
    if (!target || !source || !pick) return;
    const ok = await confirmDialog({
      title: '确认合并',
      content: `确认将客户"${customerName(source)}"合并到"${customerName(target)}"吗？合并后"${customerName(source)}"的身份、会话和线索将归入"${customerName(target)}"，"${customerName(source)}"将被删除，此操作不能撤销。`,
    });
    if (!ok) return;
    setSaving(true);
    try {
      await mergeCustomer({ targetId: target.customerId!, sourceId: source.customerId!, pick });
      toast.success('合并成功');
      onClose();
      onMerged();
    } catch (error) {
      // The request layer has shown the refusal; the dialog stays open to adjust or cancel.
      console.warn('合并客户未完成', error);
    } finally {
      setSaving(false);
    }
  };

  const sideColumn = (side: MergeSide, c: CustomerDetail, title: ReactNode) => ({
    key: side,
    title,
    render: (_v: unknown, row: Row) => (
      <Radio
        checked={pick?.[row.field] === side}
        onChange={() => setChosen((c) => ({ ...c, [row.field]: side }))}
        aria-label={`${FIELD_LABELS[row.field]}：保留${side === 'target' ? '左侧' : '右侧'}`}
      >
        {shown(c, row.field) || <span style={{ color: '#999' }}>（空）</span>}
      </Radio>
    ),
  });

  const columns: TableColumnsType<Row> | null =
    target && source
      ? [
          { key: 'field', title: '字段', width: 90, render: (_v, row) => FIELD_LABELS[row.field] },
          sideColumn('target', target, `保留：${customerName(target)}（#${target.customerId}）`),
          sideColumn('source', source, `并入后删除：${customerName(source)}（#${source.customerId}）`),
        ]
      : null;

  return (
    <Modal
      open
      title="合并客户"
      width={760}
      okText="合 并"
      cancelText="取 消"
      confirmLoading={saving}
      okButtonProps={{ disabled: !columns }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      {columns ? (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title="逐项选择要保留的值；标签取两者并集，身份、会话和线索全部归入保留的客户。"
            action={
              <Button size="small" icon={<SwapOutlined />} onClick={() => {
                  setOrder(([a, b]) => [b, a]);
                  setChosen({});
                }}>
                交换保留方
              </Button>
            }
          />
          <Table<Row> rowKey="field" size="small" pagination={false} columns={columns} dataSource={MERGE_FIELDS.map((field) => ({ field }))} />
        </>
      ) : (
        <div style={{ textAlign: 'center', padding: 40 }}>
          <Spin />
        </div>
      )}
    </Modal>
  );
}
