import type { PublicConfig } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** This installation's external links (GET /api/config); they only change with a restart. */
export const usePublicConfig = () =>
  useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get('/config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type InstallationLink = keyof PublicConfig['links'];

/**
 * Where one of the installation's links is reached from a page drawn before its configuration is known: the
 * server's GET /api/links/{name}, which sends the browser on to it.
 */
export const installationLink = (name: InstallationLink) => `/api/links/${name}`;

/** The built-in page that says who runs the portal and what it stores, for an installation without its own. */
export const TERMS_PATH = '/terms';
/** The id of that page's section on what the portal stores. */
export const PRIVACY_SECTION_ID = 'privacy';

/** Where the terms and the privacy notice are: TERMS_URL and PRIVACY_URL, else (and until they load) the built-in page. */
export function usePolicyLinks() {
  const links = usePublicConfig().data?.links;
  return {
    terms: links?.terms ?? TERMS_PATH,
    privacy: links?.privacy ?? `${TERMS_PATH}#${PRIVACY_SECTION_ID}`,
  };
}
