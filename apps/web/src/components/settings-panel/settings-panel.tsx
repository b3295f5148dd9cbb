import { Button } from 'primereact/button';
import { InputSwitch } from 'primereact/inputswitch';
import { RadioButton } from 'primereact/radiobutton';
import { Sidebar } from 'primereact/sidebar';
import { DARK_THEME, DEFAULT_THEME, MAX_SCALE, MIN_SCALE } from '../../lib/layout-settings/constants.ts';
import {
  type InputStyle,
  type LayoutSettings,
  type MenuMode,
  type ThemeChoice,
  updateLayoutSettings,
  useLayoutSettings,
} from '../../lib/layout-settings/layout-settings.ts';
import { type ColorMode, THEMES } from '../../lib/layout-settings/themes.ts';
import './settings-panel.css';
import { useTranslation } from 'react-i18next';

/** The catalogue's name of each colour mode. */
const COLOR_MODE_LABELS = {
  light: 'settings.light',
  dim: 'settings.dim',
  dark: 'settings.dark',
} as const satisfies Record<ColorMode, string>;
const COLOR_MODES = Object.keys(COLOR_MODE_LABELS) as ColorMode[];

const themeGroups = COLOR_MODES.map((mode) => ({
  mode,
  themes: THEMES.filter((theme) => theme.colorMode === mode),
}));

/** The first choice: light, dark, or as the device is set; the 56 themes wait under "More themes". */
const THEME_CHOICE_LABELS = {
  light: 'settings.light',
  dark: 'settings.dark',
  device: 'settings.device',
} as const satisfies Record<string, string>;
type FirstThemeChoice = keyof typeof THEME_CHOICE_LABELS;
const themeChoices = Object.keys(THEME_CHOICE_LABELS) as FirstThemeChoice[];
const isThemeChoice = (choice: ThemeChoice): choice is FirstThemeChoice => choice in THEME_CHOICE_LABELS;
const choiceOfTheme = (name: string): ThemeChoice =>
  name === DEFAULT_THEME ? 'light' : name === DARK_THEME ? 'dark' : name;

const scales = Array.from({ length: MAX_SCALE - MIN_SCALE + 1 }, (_, index) => MIN_SCALE + index);

interface Choice<T extends string> {
  value: T;
  label: string;
}

/** The radio buttons of a setting that is one of a few choices. */
function ChoiceGroup<Setting extends 'inputStyle' | 'menuMode'>(props: {
  legend: string;
  name: string;
  setting: Setting;
  choices: Choice<LayoutSettings[Setting]>[];
}) {
  const value = useLayoutSettings()[props.setting];
  return (
    <fieldset className="settings-section">
      <legend className="settings-heading">{props.legend}</legend>
      <div className="flex flex-wrap gap-4">
        {props.choices.map((choice) => {
          const id = `${props.name}-${choice.value}`;
          return (
            <div key={choice.value} className="flex align-items-center gap-2">
              <RadioButton
                inputId={id}
                name={props.name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => updateLayoutSettings({ [props.setting]: choice.value })}
              />
              <label htmlFor={id}>{choice.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function SettingsPanel({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const settings = useLayoutSettings();
  const inputStyles: Choice<InputStyle>[] = [
    { value: 'outlined', label: t('settings.outlined') },
    { value: 'filled', label: t('settings.filled') },
  ];
  const menuModes: Choice<MenuMode>[] = [
    { value: 'static', label: t('settings.static') },
    { value: 'overlay', label: t('settings.overlay') },
  ];

  return (
    <Sidebar
      visible={visible}
      onHide={onHide}
      position="right"
      className="settings-panel"
      role="dialog"
      aria-modal="true"
      aria-labelledby="settings-panel-title"
      ariaCloseLabel={t('settings.close')}
      header={
        <h2 id="settings-panel-title" className="text-xl font-semibold m-0">
          {t('settings.title')}
        </h2>
      }
    >
      <fieldset className="settings-section">
        <legend className="settings-heading">{t('settings.theme')}</legend>
        <div className="flex flex-wrap gap-4">
          {themeChoices.map((choice) => (
            <div key={choice} className="flex align-items-center gap-2">
              <RadioButton
                inputId={`theme-${choice}`}
                name="theme"
                value={choice}
                checked={settings.themeChoice === choice}
                onChange={() => updateLayoutSettings({ themeChoice: choice })}
              />
              <label htmlFor={`theme-${choice}`}>{t(THEME_CHOICE_LABELS[choice])}</label>
            </div>
          ))}
        </div>
        {/* Open when the member's theme is one of them: it is what they picked. */}
        <details className="more-themes mt-3" open={!isThemeChoice(settings.themeChoice)}>
          <summary id="more-themes">{t('settings.moreThemes')}</summary>
          {/* A native select: PrimeReact 10's grouped Dropdown is not announced correctly by screen readers. */}
          <select
            id="settings-theme"
            aria-labelledby="more-themes"
            className="theme-select p-inputtext p-component w-full mt-2"
            value={settings.theme}
            // The default theme and its dark sibling are "Light" and "Dark".
            onChange={(event) => updateLayoutSettings({ themeChoice: choiceOfTheme(event.target.value) })}
          >
            {themeGroups.map((group) => (
              <optgroup key={group.mode} label={t(COLOR_MODE_LABELS[group.mode])}>
                {group.themes.map((theme) => (
                  <option key={theme.name} value={theme.name}>
                    {theme.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <p className="flex align-items-center gap-2 mt-2 mb-0 text-sm text-muted">
            {t('settings.colorMode')}{' '}
            <span className="color-mode-badge">{t(COLOR_MODE_LABELS[settings.colorMode])}</span>
          </p>
        </details>
      </fieldset>

      <fieldset className="settings-section">
        <legend className="settings-heading">{t('settings.scale')}</legend>
        <div className="flex align-items-center gap-2">
          <Button
            type="button"
            icon="pi pi-minus"
            rounded
            text
            aria-label={t('settings.smaller')}
            disabled={settings.scale <= MIN_SCALE}
            onClick={() => updateLayoutSettings({ scale: settings.scale - 1 })}
          />
          <span className="flex align-items-center gap-2" aria-hidden="true">
            {scales.map((scale) => (
              <span key={scale} className={scale === settings.scale ? 'scale-dot scale-dot-active' : 'scale-dot'} />
            ))}
          </span>
          <Button
            type="button"
            icon="pi pi-plus"
            rounded
            text
            aria-label={t('settings.larger')}
            disabled={settings.scale >= MAX_SCALE}
            onClick={() => updateLayoutSettings({ scale: settings.scale + 1 })}
          />
          <output className="ml-2 text-muted" aria-live="polite">
            {t('settings.pixels', { scale: settings.scale })}
          </output>
        </div>
      </fieldset>

      <ChoiceGroup legend={t('settings.inputStyle')} name="input-style" setting="inputStyle" choices={inputStyles} />

      <ChoiceGroup legend={t('settings.menuType')} name="menu-mode" setting="menuMode" choices={menuModes} />

      <div className="settings-section flex align-items-center justify-content-between">
        <label htmlFor="settings-ripple" className="settings-heading m-0">
          {t('settings.ripple')}
        </label>
        <InputSwitch
          inputId="settings-ripple"
          checked={settings.ripple}
          // The focusable input is the switch; PrimeReact 10 also makes its wrapper a second, nested checkbox.
          pt={{ root: { role: undefined, 'aria-checked': undefined } }}
          onChange={(event) => updateLayoutSettings({ ripple: event.value })}
        />
      </div>
    </Sidebar>
  );
}
