import { useState } from 'react';
import { Button, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { deleteSaved, listSaved, saveDesign, type SavedDesign } from '../model/storage';
import { allFields, type FormDesign } from '../model/design';
import { toast } from '../../../../utils/feedback';

interface Props {
  design: FormDesign;
  onOpen: (design: FormDesign) => void;
  onClose: () => void;
}

const MAX_NAME = 64;

/** 我的设计: designs kept in this browser under a name; save the current one, open or delete a saved one. */
export default function SavedDesigns({ design, onOpen, onClose }: Props) {
  const [list, setList] = useState<SavedDesign[]>(() => listSaved());
  const [name, setName] = useState(design.name);
  const save = () => {
    const trimmed = name.trim();
    if (!trimmed) return toast.warning('请输入设计名称');
    try {
      setList(saveDesign(trimmed, design));
      toast.success(`已保存「${trimmed}」`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : '保存失败');
    }
  };
  return (
    <Modal open title="我的设计" width={620} onCancel={onClose} footer={null} destroyOnHidden>
      <Space.Compact block className="fb-save-row">
        <Input value={name} maxLength={MAX_NAME} aria-label="设计名称" placeholder="设计名称" onChange={(e) => setName(e.target.value)} onPressEnter={save} />
        <Button type="primary" onClick={save}>
          保存当前设计
        </Button>
      </Space.Compact>
      <Table<SavedDesign>
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={list}
        locale={{ emptyText: '还没有保存的设计' }}
        columns={[
          { title: '名称', dataIndex: 'name', ellipsis: true },
          { title: '保存时间', dataIndex: 'savedAt', width: 170, render: (at: string) => new Date(at).toLocaleString('zh-CN') },
          { title: '组件', width: 60, render: (_, saved) => allFields(saved.design.items).length },
          {
            title: '操作',
            width: 120,
            render: (_, saved) => (
              <>
                <Button type="link" size="small" onClick={() => onOpen(saved.design)} aria-label={`打开${saved.name}`}>
                  打开
                </Button>
                <Popconfirm title={`确定删除「${saved.name}」吗？`} onConfirm={() => setList(deleteSaved(saved.name))}>
                  <Button type="link" size="small" danger aria-label={`删除${saved.name}`}>
                    删除
                  </Button>
                </Popconfirm>
              </>
            ),
          },
        ]}
      />
    </Modal>
  );
}
