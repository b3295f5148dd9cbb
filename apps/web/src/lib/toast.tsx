import type { Toast, ToastMessage } from 'primereact/toast';
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import { i18n } from './i18n/i18n.ts';

/** Toast life in milliseconds: the spec's default, and the longer one for file manager, login and load errors. */
export const TOAST_LIFE = { short: 3000, long: 5000 } as const;

type Notify = (message: ToastMessage) => void;

const ToastContext = createContext<Notify | null>(null);

/**
 * One toast outlet for the whole app, so a message survives the page that raised it. PrimeReact's Toast is
 * fetched with the first message, not with every page's first scripts (decision 039): messages raised until it
 * has come are shown once it has.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [Outlet, setOutlet] = useState<typeof Toast | null>(null);
  const pending = useRef<ToastMessage[]>([]);
  const toast = useRef<Toast | null>(null);
  const loading = useRef(false);

  const attach = useCallback((outlet: Toast | null) => {
    toast.current = outlet;
    // The Toast hands its ref over again at each of its renders: only the messages still waiting are shown.
    if (outlet && pending.current.length > 0) outlet.show(pending.current.splice(0));
  }, []);

  const notify = useCallback<Notify>((message) => {
    const shown = { life: TOAST_LIFE.short, ...message };
    if (toast.current) return toast.current.show(shown);
    pending.current.push(shown);
    if (loading.current) return;
    loading.current = true;
    void import('primereact/toast').then(({ Toast: Loaded }) => setOutlet(() => Loaded));
  }, []);

  return (
    <ToastContext value={notify}>
      {Outlet && <Outlet ref={attach} />}
      {children}
    </ToastContext>
  );
}

/** Shows a toast: `notify({ severity: 'success', summary })`, its words from the catalogue. */
export function useToast(): Notify {
  const notify = useContext(ToastContext);
  if (!notify) throw new Error('useToast must be used inside <ToastProvider>');
  return notify;
}

/**
 * The toast of a failure: titled Error unless `summary` says otherwise, its detail the error's message (or the
 * words given), shown the short time unless `life` says long.
 */
export function errorToast(
  reason: unknown,
  { summary = i18n.t('common.error'), life = 'short' }: { summary?: string; life?: keyof typeof TOAST_LIFE } = {},
): ToastMessage {
  return {
    severity: 'error',
    summary,
    detail: reason instanceof Error ? reason.message : String(reason),
    life: TOAST_LIFE[life],
  };
}
