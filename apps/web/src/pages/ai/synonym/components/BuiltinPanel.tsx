import { useState } from 'react';
import { Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { builtinSynonyms } from '../../../../api/ai/synonym';
import WordTags from './WordTags';

interface Group {
  key: number;
  words: string[];
}

/** 内置词库: the engine's own groups, read-only, searchable by any of their words. */
export default function BuiltinPanel() {
  const [word, setWord] = useState('');
  const query = useQuery({ queryKey: ['ai/synonym/builtin'], queryFn: builtinSynonyms, staleTime: Infinity });
  const groups: Group[] = (query.data?.data ?? []).map((words, key) => ({ key, words }));
  const needle = word.trim().toLowerCase();
  const shown = needle ? groups.filter((g) => g.words.some((w) => w.toLowerCase().includes(needle))) : groups;

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <Input.Search allowClear placeholder="搜索词语" aria-label="搜索内置词语" style={{ width: 240 }} onSearch={setWord} onChange={(e) => setWord(e.target.value)} />
        <Typography.Text type="secondary">
          共 {groups.length} 组{needle ? `，找到 ${shown.length} 组` : ''}；内置词库随系统更新，不能修改，可在「自定义同义词」中补充。
        </Typography.Text>
      </div>
      <Table<Group>
        rowKey="key"
        size="middle"
        loading={query.isFetching}
        dataSource={shown}
        locale={{ emptyText: needle ? `没有包含“${word.trim()}”的内置同义词` : '暂无数据' }}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[{ title: '同义词（第一个为标准词）', key: 'words', render: (_v, g) => <WordTags words={g.words} /> }]}
      />
    </>
  );
}
