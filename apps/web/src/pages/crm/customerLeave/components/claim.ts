import { claimLeads } from '../../../../api/crm/lead';
import { toast } from '../../../../utils/feedback';

/**
 * 领取 from the pool. Resolves true when claimed; a refusal (the daily cap: 今日领取已达上限（N条）,
 * or a lead someone else took first) has been shown by the request layer and resolves false.
 */
export async function claim(leadIds: number[]): Promise<boolean> {
  try {
    await claimLeads(leadIds);
    toast.success(`已领取 ${leadIds.length} 条线索`);
    return true;
  } catch (error) {
    console.warn('领取未完成', error);
    return false;
  }
}
