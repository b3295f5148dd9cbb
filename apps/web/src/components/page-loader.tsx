import { ProgressBar } from 'primereact/progressbar';

/** Thin bar shown while a page's code or first data loads. */
export function PageLoader() {
  return <ProgressBar mode="indeterminate" className="page-loader" aria-label="Loading the page" />;
}
