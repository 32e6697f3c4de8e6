import { useEffect, useRef, useState } from 'react';
import { Upload, type UploadFile, type UploadProps } from 'antd';
import { Code } from '@acs/shared';
import { getToken } from '../../utils/auth';
import { baseURL } from '../../utils/request';
import { showLoading, toast } from '../../utils/feedback';
import { addPending, emptyBatch, settle, type StoredFile } from './batch';
import { checkCount, UPLOAD_FAILED } from './rules';
import { fileNameOf, splitValue, toDisplayUrl, toStoredUrl } from './url';

export const DEFAULT_UPLOAD_ACTION = 'fileUploadController/upload';

interface UploadResult {
  code: number;
  msg: string;
  data?: string;
  fileName?: string;
}

export interface UploadListOptions {
  value?: string;
  onChange?: (value: string) => void;
  limit: number;
  /** Path below the API prefix. */
  action: string;
  /** Type/size check of one picked file; returns the message to show or null. */
  validate: (file: File) => string | null;
  loadingText: string;
}

function fromValue(value: string | undefined): StoredFile[] {
  return splitValue(value).map((url, i) => ({ uid: `v${i}-${url}`, name: fileNameOf(url), url }));
}

function toUploadFile(f: StoredFile): UploadFile {
  return { uid: f.uid, name: f.name, status: 'done', url: toDisplayUrl(f.url) };
}

/**
 * The upload behaviour FileUpload and ImageUpload share (spec §4–§5): pick checks, bearer upload,
 * pending count with one merge + one value change when every pending upload has returned.
 */
export function useUploadList({ value, onChange, limit, action, validate, loadingText }: UploadListOptions) {
  const [committed, setCommitted] = useState<StoredFile[]>(() => fromValue(value));
  const [inflight, setInflight] = useState<UploadFile[]>([]);
  const emitted = useRef(value ?? '');
  const batch = useRef(emptyBatch);
  const closeLoading = useRef<(() => void) | null>(null);
  const rejectedPick = useRef<File[] | null>(null);

  useEffect(() => {
    if ((value ?? '') === emitted.current) return;
    emitted.current = value ?? '';
    setCommitted(fromValue(value));
  }, [value]);

  useEffect(() => () => closeLoading.current?.(), []);

  const commit = (files: StoredFile[]) => {
    setCommitted(files);
    emitted.current = files.map((f) => f.url).join(',');
    onChange?.(emitted.current);
  };

  const returned = (result: StoredFile | null) => {
    const { batch: next, merged } = settle(batch.current, result);
    batch.current = next;
    if (!merged) return;
    closeLoading.current?.();
    closeLoading.current = null;
    setInflight([]);
    if (merged.length) commit([...committed, ...merged]);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, picked) => {
    if (file === picked[0]) {
      const tooMany = checkCount(committed.length + batch.current.pending, picked.length, limit);
      rejectedPick.current = tooMany ? picked : null;
      if (tooMany) toast.error(tooMany);
    }
    if (rejectedPick.current === picked) return Upload.LIST_IGNORE;
    const invalid = validate(file);
    if (invalid) {
      toast.error(invalid);
      return Upload.LIST_IGNORE;
    }
    batch.current = addPending(batch.current);
    closeLoading.current ??= showLoading(loadingText);
    return true;
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList }) => {
    const committedUids = new Set(committed.map((f) => f.uid));
    let next = fileList.filter((f) => !committedUids.has(f.uid));
    if (file.status === 'done') {
      const res = file.response as UploadResult | undefined;
      if (res?.code === Code.SUCCESS && res.data) {
        setInflight(next);
        returned({ uid: file.uid, name: res.fileName ?? file.name, url: toStoredUrl(res.data) });
        return;
      }
      toast.error(res?.msg || UPLOAD_FAILED);
      next = next.filter((f) => f.uid !== file.uid);
      setInflight(next);
      returned(null);
      return;
    }
    if (file.status === 'error') {
      toast.error(UPLOAD_FAILED);
      setInflight(next.filter((f) => f.uid !== file.uid));
      returned(null);
      return;
    }
    setInflight(next);
  };

  const handleRemove = (file: UploadFile) => {
    const left = committed.filter((f) => f.uid !== file.uid);
    if (left.length !== committed.length) commit(left);
    return true;
  };

  const token = getToken();
  const uploadProps: UploadProps = {
    action: `${baseURL}/${action}`,
    name: 'avatarfile',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    multiple: limit > 1,
    fileList: [...committed.map(toUploadFile), ...inflight],
    beforeUpload,
    onChange: handleChange,
    onRemove: handleRemove,
  };
  return { uploadProps, count: committed.length + inflight.length };
}
