import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Spin } from 'antd';
import { getApply } from '../../../../api/crm/apply';
import { parseTime } from '../../../../utils/ruoyi';
import LeadStatusTag from '../../customerLeave/components/LeadStatusTag';
import ApplyStatusTag from './ApplyStatusTag';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

/** 详情: everything the applicant sent, how it was handled, and the lead it created. */
export default function ApplyDetailDrawer({ applyId, onClose }: { applyId: number; onClose: () => void }) {
  const { data: d, isFetching } = useQuery({ queryKey: ['crm/apply/detail', applyId], queryFn: async () => (await getApply(applyId)).data });
  return (
    <Drawer open title="申请详情" size={640} onClose={onClose} destroyOnHidden>
      <Spin spinning={isFetching}>
        {d && (
          <Descriptions column={2} bordered size="small">
            <Descriptions.Item label="姓名">{d.name}</Descriptions.Item>
            <Descriptions.Item label="手机号">{d.phone}</Descriptions.Item>
            <Descriptions.Item label="公司名称" span={2}>
              {dash(d.company)}
            </Descriptions.Item>
            <Descriptions.Item label="需求描述" span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{dash(d.need)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="处理状态">
              <ApplyStatusTag status={d.status} />
            </Descriptions.Item>
            <Descriptions.Item label="重复申请">{d.repeatCount > 0 ? `${d.repeatCount} 次（24小时内合并）` : '-'}</Descriptions.Item>
            <Descriptions.Item label="处理人">{dash(d.handledBy)}</Descriptions.Item>
            <Descriptions.Item label="处理时间">{dash(parseTime(d.handledTime))}</Descriptions.Item>
            <Descriptions.Item label="处理说明" span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{dash(d.handleNote)}</span>
            </Descriptions.Item>
            <Descriptions.Item label="线索">
              {d.leadStatus ? (
                <>
                  线索 {d.leadId} <LeadStatusTag status={d.leadStatus} />
                </>
              ) : (
                '-'
              )}
            </Descriptions.Item>
            <Descriptions.Item label="线索负责人">{d.leadStatus ? d.leadOwnerName || '公海' : '-'}</Descriptions.Item>
            <Descriptions.Item label="首次申请">{parseTime(d.createTime)}</Descriptions.Item>
            <Descriptions.Item label="最近申请">{parseTime(d.lastApplyTime)}</Descriptions.Item>
            <Descriptions.Item label="同意隐私说明">{d.consent ? '已同意' : '未同意'}</Descriptions.Item>
            <Descriptions.Item label="IP地址">{dash(d.ip)}</Descriptions.Item>
            <Descriptions.Item label="浏览器" span={2}>
              <span className="apply-muted">{dash(d.userAgent)}</span>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Spin>
    </Drawer>
  );
}
