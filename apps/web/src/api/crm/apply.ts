import type { ApplyStatus, LeadStatus } from '@acs/shared';
import type { AjaxResult, TableResult } from '../../types/api';
import { http } from '../../utils/request';

/** A row of 申请记录 (GET /crm/apply/list): an application from /home and where its lead stands. */
export interface ApplyRow {
  applyId: number;
  name: string;
  /** 138****5678 for users without crm:customer:phone. */
  phone: string;
  company: string;
  need: string;
  consent: boolean;
  status: ApplyStatus;
  /** Further applications of the phone within 24 hours, merged into this record. */
  repeatCount: number;
  customerId: number | null;
  leadId: number | null;
  leadStatus: LeadStatus | null;
  leadOwnerName: string | null;
  handleNote: string;
  handledBy: string;
  handledTime: string | null;
  ip: string;
  userAgent: string;
  createTime: string;
  lastApplyTime: string;
}

export interface ApplyQuery {
  name?: string;
  phone?: string;
  company?: string;
  status?: ApplyStatus;
  orderByColumn?: string;
  isAsc?: 'ascending' | 'descending';
}

export interface HandleInput {
  applyId: number;
  status: ApplyStatus;
  handleNote: string;
}

/** The /home landing page's content (crm_site_content 'home'), as GET/PUT /crm/site/home carry it. */
export interface HomeContent {
  brand: { name: string; logo: string };
  nav: { label: string; href: string }[];
  slides: { image: string; mobileImage: string; title: string; text: string; href: string }[];
  hero: { title: string; subtitle: string; features: { title: string; text: string }[] };
  footer: { blocks: { title: string; text: string }[]; copyright: string };
  form: {
    title: string;
    subtitle: string;
    submitText: string;
    consentText: string;
    privacyTitle: string;
    privacyText: string;
    successTitle: string;
    successText: string;
  };
}

export function listApply(query: object) {
  return http.get<TableResult<ApplyRow>>('/crm/apply/list', query);
}

export function getApply(applyId: number) {
  return http.get<AjaxResult<ApplyRow>>(`/crm/apply/${applyId}`);
}

export function handleApply(data: HandleInput) {
  return http.put<AjaxResult>('/crm/apply/handle', data);
}

export function delApply(applyIds: number | number[]) {
  return http.delete<AjaxResult>(`/crm/apply/${[applyIds].flat().join(',')}`);
}

export function getHomeContent() {
  return http.get<AjaxResult<HomeContent>>('/crm/site/home');
}

export function saveHomeContent(data: HomeContent) {
  return http.put<AjaxResult>('/crm/site/home', data);
}
