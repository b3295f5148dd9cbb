import { useTranslation } from 'react-i18next';
import { PolicyLink } from '../components/policy-link.tsx';

export function AppFooter() {
  const { t } = useTranslation();
  return (
    <footer className="layout-footer">
      <span>{t('footer.copyright', { year: String(new Date().getFullYear()) })}</span>
      <span aria-hidden="true">·</span>
      <span>{t('footer.tagline')}</span>
      <span aria-hidden="true">·</span>
      <PolicyLink to="terms">{t('footer.terms')}</PolicyLink>
      <span aria-hidden="true">·</span>
      <PolicyLink to="privacy">{t('footer.privacy')}</PolicyLink>
    </footer>
  );
}
