import { Button, Descriptions, Modal, Tag, Typography } from 'antd';
import type { OperLog } from '../../../../api/monitor/operlog';
import DictTag from '../../../../components/DictTag';
import type { DictOption } from '../../../../hooks/useDict';
import { toast } from '../../../../utils/feedback';
import { parseTime } from '../../../../utils/ruoyi';
import { prettyJson } from './prettyJson';
import './operlog.css';

/** One label width for every section, so their columns line up. */
const LABEL_STYLE = { styles: { label: { width: 110 } } } as const;

const METHOD_COLORS: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'orange', DELETE: 'red' };

function Payload({ title, text }: { title: string; text: string }) {
  const pretty = prettyJson(text);
  return (
    <section className="operlog-payload" aria-label={title}>
      <div className="operlog-payload-head">
        <span>{title}</span>
        {pretty && (
          <Typography.Text
            className="operlog-copy"
            copyable={{ text: pretty, icon: ['复制', '已复制'], tooltips: false, onCopy: () => toast.success('已复制') }}
          />
        )}
      </div>
      {pretty ? <pre className="operlog-code">{pretty}</pre> : <div className="operlog-empty">（无数据）</div>}
    </section>
  );
}

interface OperlogDetailProps {
  row: OperLog;
  operTypes: DictOption[];
  onClose: () => void;
}

/**
 * 操作日志详细 (screens §4.5), from the row itself: who did what, the request, its parameters and result
 * (indented when JSON; passwords were never stored), and the error of a failed call.
 */
export default function OperlogDetail({ row, operTypes, onClose }: OperlogDetailProps) {
  const failed = row.status !== 0;
  return (
    <Modal
      open
      title="操作日志详细"
      width={780}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关 闭</Button>}
      destroyOnHidden
    >
      <div className="operlog-detail">
        <Descriptions title="基本信息" column={2} size="small" bordered {...LABEL_STYLE}>
          <Descriptions.Item label="操作模块">{row.title}</Descriptions.Item>
          <Descriptions.Item label="业务类型">
            <DictTag options={operTypes} value={row.businessType} />
          </Descriptions.Item>
          <Descriptions.Item label="操作时间">{parseTime(row.operTime)}</Descriptions.Item>
          <Descriptions.Item label="执行状态">{failed ? <Tag color="error">异常</Tag> : <Tag color="success">正常</Tag>}</Descriptions.Item>
        </Descriptions>
        <Descriptions title="操作人员" column={2} size="small" bordered {...LABEL_STYLE}>
          <Descriptions.Item label="操作人员">{row.operName}</Descriptions.Item>
          {row.deptName && <Descriptions.Item label="所属部门">{row.deptName}</Descriptions.Item>}
          <Descriptions.Item label="操作地址" span={2}>
            {[row.operIp, row.operLocation].filter(Boolean).join(' / ')}
          </Descriptions.Item>
        </Descriptions>
        <Descriptions title="请求信息" column={1} size="small" bordered {...LABEL_STYLE}>
          <Descriptions.Item label="请求地址">
            <Tag color={METHOD_COLORS[row.requestMethod] ?? 'default'}>{row.requestMethod}</Tag>
            <span className="operlog-url">{row.operUrl}</span>
          </Descriptions.Item>
          <Descriptions.Item label="操作方法">
            <span className="operlog-url">{row.method}</span>
          </Descriptions.Item>
          <Descriptions.Item label="消耗时间">{row.costTime}毫秒</Descriptions.Item>
        </Descriptions>
        <Payload title="请求参数" text={row.operParam} />
        <Payload title="返回参数" text={row.jsonResult} />
        {failed && (
          <section className="operlog-payload" aria-label="异常信息">
            <div className="operlog-payload-head">
              <span>异常信息</span>
            </div>
            <pre className="operlog-code operlog-error">{row.errorMsg || '（无数据）'}</pre>
          </section>
        )}
      </div>
    </Modal>
  );
}
