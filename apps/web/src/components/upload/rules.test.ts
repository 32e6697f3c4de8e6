import { describe, expect, it } from 'vitest';
import { FILE_UPLOAD_DEFAULTS, IMAGE_UPLOAD_DEFAULTS } from '@acs/shared';
import { addPending, emptyBatch, settle } from './batch';
import {
  checkCount,
  checkFileSize,
  checkFileType,
  checkImageSize,
  checkImageType,
  fileExtension,
  UPLOAD_FAILED,
  uploadTip,
} from './rules';
import { splitValue, toDisplayUrl, toStoredUrl } from './url';

const MB = 1024 * 1024;

describe('file checks', () => {
  it('accepts allowed extensions case-insensitively', () => {
    expect(fileExtension('Report.Final.XLSX')).toBe('xlsx');
    expect(checkFileType('Report.XLSX', FILE_UPLOAD_DEFAULTS.fileType)).toBeNull();
    expect(checkFileType('a.xls', FILE_UPLOAD_DEFAULTS.fileType)).toBeNull();
  });

  it('rejects other extensions with the formats joined by slash', () => {
    expect(checkFileType('a.csv', FILE_UPLOAD_DEFAULTS.fileType)).toBe('文件格式不正确，请上传xlsx/xls格式文件!');
    expect(checkFileType('noext', FILE_UPLOAD_DEFAULTS.fileType)).toBe('文件格式不正确，请上传xlsx/xls格式文件!');
  });

  it('limits the size in MB', () => {
    expect(checkFileSize(5 * MB - 1, 5)).toBeNull();
    expect(checkFileSize(5 * MB, 5)).toBe('上传文件大小不能超过 5 MB!');
  });

  it('limits the count', () => {
    expect(checkCount(0, 1, FILE_UPLOAD_DEFAULTS.limit)).toBeNull();
    expect(checkCount(1, 1, FILE_UPLOAD_DEFAULTS.limit)).toBe('上传文件数量不能超过 1 个!');
    expect(checkCount(3, 3, IMAGE_UPLOAD_DEFAULTS.limit)).toBe('上传文件数量不能超过 5 个!');
  });

  it('has the generic failure text and a tip with size and formats', () => {
    expect(UPLOAD_FAILED).toBe('上传文件失败');
    expect(uploadTip(5, ['xlsx', 'xls'])).toBe('请上传 大小不超过 5MB 格式为 xlsx/xls 的文件');
  });
});

describe('image checks', () => {
  const types = IMAGE_UPLOAD_DEFAULTS.fileType;

  it('accepts by extension or by MIME type', () => {
    expect(checkImageType({ name: 'A.PNG', type: '' }, types)).toBeNull();
    expect(checkImageType({ name: 'blob', type: 'image/jpeg' }, types)).toBeNull();
  });

  it('rejects other images with the image format message', () => {
    expect(checkImageType({ name: 'a.gif', type: 'image/gif' }, types)).toBe(
      '文件格式不正确，请上传png/jpg/jpeg图片格式文件!',
    );
  });

  it('accepts any image when no list is given', () => {
    expect(checkImageType({ name: 'a.gif', type: 'image/gif' }, [])).toBeNull();
    expect(checkImageType({ name: 'a.txt', type: 'text/plain' }, [])).not.toBeNull();
  });

  it('uses the avatar size message', () => {
    expect(checkImageSize(6 * MB, 5)).toBe('上传头像图片大小不能超过 5 MB!');
    expect(checkImageSize(MB, 5)).toBeNull();
  });
});

describe('pending batch', () => {
  it('merges only when every pending upload has returned, skipping failures', () => {
    let batch = addPending(addPending(addPending(emptyBatch)));
    let step = settle(batch, { uid: '1', name: 'a.png', url: '/profile/a.png' });
    expect(step.merged).toBeNull();
    batch = step.batch;
    step = settle(batch, null);
    expect(step.merged).toBeNull();
    step = settle(step.batch, { uid: '3', name: 'c.png', url: '/profile/c.png' });
    expect(step.merged?.map((f) => f.uid)).toEqual(['1', '3']);
    expect(step.batch).toEqual(emptyBatch);
  });
});

describe('stored URLs', () => {
  it('drops the API prefix and this origin, and adds the prefix back for display', () => {
    expect(toStoredUrl('/prod-api/profile/upload/a.png')).toBe('/profile/upload/a.png');
    expect(toStoredUrl(`${window.location.origin}/prod-api/profile/a.png`)).toBe('/profile/a.png');
    expect(toStoredUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(toDisplayUrl('/profile/a.png')).toBe('/prod-api/profile/a.png');
    expect(toDisplayUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(splitValue('/a.png,,/b.png')).toEqual(['/a.png', '/b.png']);
  });
});
