import { PolicyLink } from '../components/policy-link.tsx';
import { APP_NAME } from '../config/app.ts';

export function AppFooter() {
  return (
    <footer className="layout-footer">
      <span>
        © {new Date().getFullYear()} {APP_NAME}
      </span>
      <span aria-hidden="true">·</span>
      <span>Teevo and Take5, monthly devotionals for teens</span>
      <span aria-hidden="true">·</span>
      <PolicyLink to="terms">Terms and conditions</PolicyLink>
      <span aria-hidden="true">·</span>
      <PolicyLink to="privacy">Privacy</PolicyLink>
    </footer>
  );
}
