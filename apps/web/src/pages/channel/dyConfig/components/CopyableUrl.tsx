import { Button, Tooltip, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { absoluteUrl, copyText } from './copyText';

/** An address to paste into the Douyin console, cut to the cell, with a copy button. */
export default function CopyableUrl({ path, what }: { path: string; what: string }) {
  const url = absoluteUrl(path);
  return (
    <span className="dy-url">
      <Typography.Text ellipsis={{ tooltip: url }} className="dy-url-text">
        {url}
      </Typography.Text>
      <Tooltip title={`复制${what}`}>
        <Button type="link" size="small" icon={<CopyOutlined />} aria-label={`复制${what}`} onClick={() => void copyText(url, what)} />
      </Tooltip>
    </span>
  );
}
