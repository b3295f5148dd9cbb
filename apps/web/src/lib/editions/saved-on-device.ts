import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What Sign Out would remove from this device: "Removes the 2 editions saved on this device (41.3 MB).", or
 * undefined while there are none (or they are not read yet). `read` counts them, through the saved editions' own
 * module, loaded then, so that no first paint carries it or the contract's file rules (use-sign-out.ts).
 */
export function useSignOutRemoves() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState({ count: 0, size: '' });
  const read = useCallback(
    () =>
      import('./saved-editions.ts')
        .then(({ savedTotal }) => savedTotal(queryClient))
        .then(setSaved)
        .catch(() => undefined),
    [queryClient],
  );
  return { note: saved.count > 0 ? t('menu.signOutRemoves', saved) : undefined, read };
}
