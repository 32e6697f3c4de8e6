import { useState } from 'react';
import type { LeadRow } from '../../../../api/crm/lead';
import AssignDialog from './AssignDialog';
import ChatDialog from './ChatDialog';
import { claim } from './claim';
import type { LeadHandlers } from './columns';
import FollowupDialog from './FollowupDialog';
import LeadDetailDrawer from './LeadDetailDrawer';

/** What a list row must carry for the lead dialogs: 客户留资's rows and BOSS留资's. */
export type LeadDialogRow = Pick<LeadRow, 'leadId' | 'status' | 'name' | 'phone' | 'phoneMasked' | 'wechat' | 'ownerId' | 'ownerName'> &
  Partial<Pick<LeadRow, 'agentName'>>;

type Open<R> = { kind: 'chat' | 'followup'; lead: R } | { kind: 'assign'; leads: R[] } | { kind: 'detail'; leadId: number } | null;

/**
 * The lead lifecycle of a list: the 操作 handlers and the dialogs they open (聊天记录, 分配, 跟进, 详情) plus
 * 领取; `changed` runs after anything that moves a lead, to reload the list.
 */
export function useLeadDialogs<R extends LeadDialogRow>(changed: () => void) {
  const [open, setOpen] = useState<Open<R>>(null);
  const close = () => setOpen(null);

  const handlers: LeadHandlers<R> = {
    chat: (lead) => setOpen({ kind: 'chat', lead }),
    assign: (leads) => setOpen({ kind: 'assign', leads }),
    followup: (lead) => setOpen({ kind: 'followup', lead }),
    detail: (lead) => setOpen({ kind: 'detail', leadId: lead.leadId }),
    claim: (leads) => void claim(leads.map((l) => l.leadId)).then((ok) => ok && changed()),
  };

  const dialogs = (
    <>
      {open?.kind === 'chat' && <ChatDialog lead={open.lead} onClose={close} />}
      {open?.kind === 'assign' && (
        <AssignDialog
          leads={open.leads}
          onClose={close}
          onDone={() => {
            close();
            changed();
          }}
        />
      )}
      {open?.kind === 'followup' && <FollowupDialog lead={open.lead} onClose={close} onChanged={changed} />}
      {open?.kind === 'detail' && <LeadDetailDrawer leadId={open.leadId} onClose={close} />}
    </>
  );
  return { handlers, dialogs };
}
