import type { Role } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { type UiLocale, withLocale } from '../lib/i18n/i18n.ts';
import { menuFor } from './menu-model.ts';

export function AppMenu({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  const { t, i18n } = useTranslation();
  return (
    <nav aria-label={t('menu.main')}>
      <ul className="layout-menu">
        {menuFor(role).map((group) => {
          const titleId = `menu-group-${group.id}`;
          return (
            <li key={group.id} className="layout-menu-group">
              <span id={titleId} className="layout-menu-group-title">
                {t(group.label)}
              </span>
              <ul aria-labelledby={titleId}>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink
                      to={withLocale(item.to, i18n.language as UiLocale)}
                      end
                      className="layout-menu-link"
                      onClick={onNavigate}
                    >
                      <i className={`pi ${item.icon}`} aria-hidden="true" />
                      <span>{t(item.label)}</span>
                    </NavLink>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
