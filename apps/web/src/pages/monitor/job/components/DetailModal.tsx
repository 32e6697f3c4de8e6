import type { ReactNode } from 'react';
import { Button, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { AjaxResult } from '../../../../types/api';
import './job.css';

interface DetailModalProps<T> {
  title: string;
  /** The record shown; closed when undefined. */
  id: number | undefined;
  queryKey: string;
  load: (id: number) => Promise<AjaxResult<T>>;
  onClose: () => void;
  children: (record: T) => ReactNode;
}

/** The read-only dialogs of the job screens (任务详细, 调度日志详细): 780 px, fetched when opened, 关 闭. */
export default function DetailModal<T>({ title, id, queryKey, load, onClose, children }: DetailModalProps<T>) {
  const query = useQuery({ queryKey: [queryKey, id], queryFn: () => load(id as number), enabled: id !== undefined });
  const record = query.data?.data;
  return (
    <Modal open={id !== undefined} title={title} width={780} onCancel={onClose} destroyOnHidden footer={<Button onClick={onClose}>关 闭</Button>}>
      <Spin spinning={query.isFetching}>{record && <div className="job-detail">{children(record)}</div>}</Spin>
    </Modal>
  );
}
