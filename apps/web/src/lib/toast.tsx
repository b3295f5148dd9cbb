import { Toast, type ToastMessage } from 'primereact/toast';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef } from 'react';

/** Toast life in milliseconds: the spec's default, and the longer one for file manager, login and load errors. */
export const TOAST_LIFE = { short: 3000, long: 5000 } as const;

type Notify = (message: ToastMessage) => void;

const ToastContext = createContext<Notify | null>(null);

/** One toast outlet for the whole app, so a message survives the page that raised it. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const toast = useRef<Toast>(null);
  const notify = useCallback<Notify>((message) => toast.current?.show({ life: TOAST_LIFE.short, ...message }), []);
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext value={value}>
      <Toast ref={toast} />
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
