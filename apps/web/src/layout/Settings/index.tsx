import { CheckOutlined } from '@ant-design/icons';
import { SETTINGS_DRAWER_WIDTH, SETTINGS_SAVE_DELAY_MS, THEME_PRESETS } from '@acs/shared';
import { Button, ColorPicker, Divider, Drawer, Switch } from 'antd';
import { useSettingsStore, type LayoutSettings, type SideTheme } from '../../stores/settings';
import { showLoading } from '../../utils/feedback';

type SwitchKey = 'topNav' | 'tagsView' | 'fixedHeader' | 'sidebarLogo' | 'dynamicTitle';

const SWITCHES: { key: SwitchKey; label: string }[] = [
  { key: 'topNav', label: '开启 TopNav' },
  { key: 'tagsView', label: '开启 Tags-Views' },
  { key: 'fixedHeader', label: '固定 Header' },
  { key: 'sidebarLogo', label: '显示 Logo' },
  { key: 'dynamicTitle', label: '动态标题' },
];

const SIDE_THEMES: { value: SideTheme; label: string }[] = [
  { value: 'theme-dark', label: '暗色侧边栏' },
  { value: 'theme-light', label: '亮色侧边栏' },
];

/** Layout settings, applied live; 保存配置 keeps them in this browser, 重置配置 forgets them. */
export default function SettingsDrawer() {
  const settings = useSettingsStore();
  const update = (partial: Partial<LayoutSettings>) => settings.set(partial);

  const save = () => {
    settings.save();
    const close = showLoading('正在保存到本地，请稍候...');
    window.setTimeout(close, SETTINGS_SAVE_DELAY_MS);
  };
  const reset = () => {
    settings.reset();
    showLoading('正在清除设置缓存并刷新，请稍候...');
    window.setTimeout(() => window.location.reload(), SETTINGS_SAVE_DELAY_MS);
  };

  return (
    <Drawer
      placement="right"
      size={SETTINGS_DRAWER_WIDTH}
      open={settings.showSettings}
      onClose={() => settings.set({ showSettings: false })}
      closable={false}
      title={null}
      className="settings-drawer"
    >
      <h3 className="settings-title">主题风格设置</h3>
      <div className="settings-side-themes">
        {SIDE_THEMES.map((t) => (
          <button
            key={t.value}
            type="button"
            className={`side-theme-thumb ${t.value}${settings.sideTheme === t.value ? ' checked' : ''}`}
            aria-label={t.label}
            aria-pressed={settings.sideTheme === t.value}
            title={t.label}
            onClick={() => update({ sideTheme: t.value })}
          >
            <span className="thumb-side" />
            <span className="thumb-head" />
            {settings.sideTheme === t.value && <CheckOutlined className="thumb-check" />}
          </button>
        ))}
      </div>

      <div className="settings-row">
        <span>主题颜色</span>
        <ColorPicker
          value={settings.theme}
          disabledAlpha
          presets={[{ label: '推荐', colors: [...THEME_PRESETS] }]}
          onChangeComplete={(color) => update({ theme: color.toHexString() })}
        />
      </div>
      <div className="settings-presets">
        {THEME_PRESETS.map((color) => (
          <button
            key={color}
            type="button"
            className="preset-swatch"
            style={{ background: color }}
            aria-label={`主题色 ${color}`}
            onClick={() => update({ theme: color })}
          >
            {settings.theme.toLowerCase() === color.toLowerCase() && <CheckOutlined />}
          </button>
        ))}
      </div>

      <Divider />
      <h3 className="settings-title">系统布局配置</h3>
      {SWITCHES.map((s) => (
        <div className="settings-row" key={s.key}>
          <span>{s.label}</span>
          <Switch checked={settings[s.key]} onChange={(checked) => update({ [s.key]: checked })} aria-label={s.label} />
        </div>
      ))}

      <Divider />
      <div className="settings-actions">
        <Button type="primary" onClick={save}>
          保存配置
        </Button>
        <Button onClick={reset}>重置配置</Button>
      </div>
    </Drawer>
  );
}
