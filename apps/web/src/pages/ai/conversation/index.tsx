import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, notification } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { CONVERSATION_STATUSES, type ConversationStatus } from '@acs/shared';
import {
  closeConversation,
  CONVERSATION_EXPORT_URL,
  getConversation,
  handbackConversation,
  listConversation,
  replyConversation,
  takeoverConversation,
  type ConversationDetail as Detail,
  type ConversationRow,
  type StaffEvent,
} from '../../../api/ai/conversation';
import { HasPermi } from '../../../components/HasPermi';
import { useAppStore } from '../../../stores/app';
import { download } from '../../../utils/download';
import { toast } from '../../../utils/feedback';
import { ConversationDetail } from './components/ConversationDetail';
import { ConversationList, type StatusCounts } from './components/ConversationList';
import { customerTitle } from './labels';
import { sortRows, upsertRow, withLoaded, withMessage, withRow, type ConversationFilters } from './liveList';
import { useStaffStream } from './useStaffStream';
import './conversation.css';

const PAGE_SIZE = 50;
/** Live events come in bursts (a turn is several messages and row updates); counts and records reload once per burst. */
const SETTLE_MS = 500;

function useDebounced(fn: () => void, ms: number): () => void {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => latest.current(), ms);
  }, [ms]);
}

/** 在线会话: the live list of conversations and the selected one's record, with takeover and reply. */
export default function ConversationPage() {
  const mobile = useAppStore((s) => s.device) === 'mobile';
  const [filters, setFilters] = useState<ConversationFilters>({});
  const [rows, setRows] = useState<ConversationRow[]>([]);
  const [total, setTotal] = useState(0);
  const [pageNum, setPageNum] = useState(1);
  const [loading, setLoading] = useState(false);
  const [counts, setCounts] = useState<StatusCounts>({});
  const [agents, setAgents] = useState<Map<number, string>>(new Map());
  const [selectedId, setSelectedId] = useState<number>();
  const [detail, setDetail] = useState<Detail>();
  const [detailLoading, setDetailLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [unread, setUnread] = useState<ReadonlySet<number>>(new Set());
  const [now, setNow] = useState(() => Date.now());
  const knownStatus = useRef(new Map<number, ConversationStatus>());

  const remember = useCallback((list: ConversationRow[]) => {
    for (const r of list) knownStatus.current.set(r.conversationId, r.status);
    setAgents((prev) => {
      const missing = list.filter((r) => !prev.has(r.agentId));
      if (missing.length === 0) return prev;
      const next = new Map(prev);
      for (const r of missing) next.set(r.agentId, r.agentName);
      return next;
    });
  }, []);

  // Answers can arrive out of order (a filter changed while the previous list was loading): only the latest request of each kind is applied.
  const listSeq = useRef(0);
  const countSeq = useRef(0);
  const detailSeq = useRef(0);

  const loadList = useCallback(
    async (f: ConversationFilters, page: number) => {
      const seq = ++listSeq.current;
      setLoading(true);
      try {
        const res = await listConversation({ ...f, pageNum: 1, pageSize: PAGE_SIZE * page });
        if (seq !== listSeq.current) return;
        remember(res.rows);
        setRows(sortRows(res.rows));
        setTotal(res.total);
      } finally {
        if (seq === listSeq.current) setLoading(false);
      }
    },
    [remember],
  );

  const loadCounts = useCallback(async (f: ConversationFilters) => {
    const seq = ++countSeq.current;
    const statuses = [undefined, ...CONVERSATION_STATUSES];
    const totals = await Promise.all(statuses.map((status) => listConversation({ ...f, status, pageNum: 1, pageSize: 1 })));
    if (seq !== countSeq.current) return;
    const next: StatusCounts = {};
    statuses.forEach((s, i) => (next[s ?? 'all'] = totals[i].total));
    setCounts(next);
  }, []);

  const loadDetail = useCallback(async (id: number) => {
    const seq = ++detailSeq.current;
    setDetailLoading(true);
    try {
      const res = await getConversation(id);
      const loaded = res.data;
      if (seq === detailSeq.current && loaded) setDetail((prev) => withLoaded(prev, loaded));
    } finally {
      if (seq === detailSeq.current) setDetailLoading(false);
    }
  }, []);

  const stateRef = useRef({ filters, pageNum, selectedId, detail });
  useEffect(() => {
    stateRef.current = { filters, pageNum, selectedId, detail };
  });

  useEffect(() => {
    void loadList(filters, pageNum).catch(() => undefined);
  }, [filters, pageNum, loadList]);
  useEffect(() => {
    void loadCounts({ ...filters, status: undefined }).catch(() => undefined);
  }, [filters.agentId, filters.channel, filters.keyword, loadCounts]); // eslint-disable-line react-hooks/exhaustive-deps -- counts ignore the status tab

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const refreshCounts = useDebounced(() => void loadCounts({ ...stateRef.current.filters, status: undefined }).catch(() => undefined), SETTLE_MS);
  const refreshDetail = useDebounced(() => {
    const id = stateRef.current.selectedId;
    if (id !== undefined) void loadDetail(id).catch(() => undefined);
  }, SETTLE_MS);

  const onEvent = (e: StaffEvent) => {
    const { filters: f, selectedId: sel, detail: d } = stateRef.current;
    if (e.type === 'conversation') {
      const row = e.row;
      const before = knownStatus.current.get(row.conversationId);
      remember([row]);
      setRows((prev) => upsertRow(prev, row, f));
      if (row.status === 'waiting' && before !== 'waiting') {
        notification.warning({
          title: '新的等待人工会话',
          description: `${customerTitle(row)}（${row.agentName}）：${row.lastMessage}`,
          placement: 'topRight',
        });
      }
      if (row.conversationId !== sel) setUnread((u) => new Set(u).add(row.conversationId));
      else {
        setDetail((prev) => withRow(prev, row));
        // Lead and customer cards are not part of the row: reload them when the captured phone changes.
        if (d && (row.phone !== d.conversation.phone || row.customerId !== d.conversation.customerId)) refreshDetail();
      }
      refreshCounts();
    } else if (e.type === 'lead') {
      if (e.conversationId === sel) refreshDetail();
    } else if (e.conversationId === sel) {
      setDetail((prev) => withMessage(prev, e.conversationId, e.message));
    } else {
      setUnread((u) => new Set(u).add(e.conversationId));
    }
  };

  const stream = useStaffStream(onEvent, () => {
    const { filters: f, pageNum: p, selectedId: sel } = stateRef.current;
    void loadList(f, p).catch(() => undefined);
    refreshCounts();
    if (sel !== undefined) void loadDetail(sel).catch(() => undefined);
  });

  const select = (id: number) => {
    setSelectedId(id);
    setDetail(undefined);
    setUnread((u) => {
      const next = new Set(u);
      next.delete(id);
      return next;
    });
    void loadDetail(id).catch(() => undefined);
  };

  const act = async (call: (id: number) => Promise<unknown>, done: string) => {
    if (selectedId === undefined) return;
    setBusy(true);
    try {
      await call(selectedId);
      toast.success(done);
      await loadDetail(selectedId);
    } catch {
      // The request layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  const reply = async (content: string) => {
    if (selectedId === undefined) return false;
    try {
      await replyConversation(selectedId, content);
      return true;
    } catch {
      return false;
    }
  };

  const changeFilters = (f: ConversationFilters) => {
    setFilters(f);
    setPageNum(1);
  };

  const showList = !mobile || selectedId === undefined;
  const showDetail = !mobile || selectedId !== undefined;

  return (
    <div className="app-container conv-page">
      <div className="conv-toolbar">
        <span className={`conv-live conv-live-${stream}`}>{stream === 'open' ? '实时更新中' : stream === 'connecting' ? '正在连接…' : '连接断开，正在重连…'}</span>
        <HasPermi value={['ai:conversation:export']}>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void download(CONVERSATION_EXPORT_URL, filters, `conversation_${Date.now()}.xlsx`)}
          >
            导出
          </Button>
        </HasPermi>
      </div>
      <div className={`conv-panes${mobile ? ' conv-panes-mobile' : ''}`}>
        {showList && (
          <ConversationList
            rows={rows}
            total={total}
            loading={loading}
            counts={counts}
            filters={filters}
            agents={agents}
            selectedId={selectedId}
            unread={unread}
            now={now}
            onFilters={changeFilters}
            onSelect={select}
            onMore={() => setPageNum((p) => p + 1)}
          />
        )}
        {showDetail && (
          <ConversationDetail
            detail={detail}
            loading={detailLoading}
            busy={busy}
            onBack={mobile ? () => setSelectedId(undefined) : undefined}
            onTakeover={() => void act(takeoverConversation, '已接管，可以回复客户了')}
            onHandback={() => void act(handbackConversation, '已交还AI接待')}
            onClose={() => void act(closeConversation, '会话已结束')}
            onReply={reply}
          />
        )}
      </div>
    </div>
  );
}
