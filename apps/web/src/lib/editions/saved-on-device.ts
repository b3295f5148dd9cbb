import { formatFileSize } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What Sign Out would remove from this device: "Removes 2 saved editions (41.3 MB) from this device.", or
 * undefined while there are none (or they are not read yet). `read` lists them, from the saved editions' own
 * module, loaded then, so that no first paint carries it (use-sign-out.ts).
 */
export function useSignOutRemoves() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState({ count: 0, bytes: 0 });
  const read = useCallback(
    () =>
      import('./saved-editions.ts')
        .then(({ savedEditionsQuery }) => queryClient.fetchQuery(savedEditionsQuery))
        .then((editions) =>
          setSaved({ count: editions.length, bytes: editions.reduce((sum, { file }) => sum + file.file_size, 0) }),
        )
        .catch(() => undefined),
    [queryClient],
  );
  const note =
    saved.count > 0 ? t('menu.signOutRemoves', { count: saved.count, size: formatFileSize(saved.bytes) }) : undefined;
  return { note, read };
}
