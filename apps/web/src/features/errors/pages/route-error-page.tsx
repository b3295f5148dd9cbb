import { Button } from 'primereact/button';
import { useRouteError } from 'react-router';
import { ErrorScreen } from '../components/error-screen.tsx';

/** Shown when a page fails to render or its code fails to load (for instance after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  const detail = error instanceof Error ? error.message : 'The page could not be shown.';
  return (
    <ErrorScreen
      icon="pi-exclamation-triangle"
      title="Something went wrong"
      message={`An error has occurred: ${detail}`}
      action={<Button type="button" icon="pi pi-refresh" label="Reload" onClick={() => window.location.reload()} />}
    />
  );
}
