import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

const SettingsPanel = lazy(() => import('./settings-panel.tsx').then((module) => ({ default: module.SettingsPanel })));

interface SettingsPanelControl {
  open: () => void;
}

const SettingsPanelContext = createContext<SettingsPanelControl | null>(null);

/** Owns the one layout settings panel; its code loads the first time someone opens it. */
export function SettingsPanelProvider({ children }: { children: ReactNode }) {
  const [visible, setVisible] = useState(false);
  const [requested, setRequested] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setRequested(true);
    setVisible(true);
  }, []);

  const hide = useCallback(() => {
    setVisible(false);
    // Keyboard users continue from the button that opened the panel.
    opener.current?.focus();
  }, []);

  const control = useMemo(() => ({ open }), [open]);

  return (
    <SettingsPanelContext value={control}>
      {children}
      {requested && (
        <Suspense fallback={null}>
          <SettingsPanel visible={visible} onHide={hide} />
        </Suspense>
      )}
    </SettingsPanelContext>
  );
}

export function useSettingsPanel(): SettingsPanelControl {
  const control = useContext(SettingsPanelContext);
  if (!control) throw new Error('useSettingsPanel must be used inside <SettingsPanelProvider>');
  return control;
}
