import { APP_NAME } from '../config/app.ts';

export function AppFooter() {
  return (
    <footer className="layout-footer">
      <span>
        © {new Date().getFullYear()} {APP_NAME}
      </span>
      <span aria-hidden="true">·</span>
      <span>Teevo and Take5, monthly devotionals for teens</span>
    </footer>
  );
}
