import type { Role } from '@portal/contract';
import { NavLink } from 'react-router';
import { menuFor } from './menu-model.ts';

export function AppMenu({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  return (
    <nav aria-label="Main menu">
      <ul className="layout-menu">
        {menuFor(role).map((group) => {
          const titleId = `menu-group-${group.label.toLowerCase()}`;
          return (
            <li key={group.label} className="layout-menu-group">
              <span id={titleId} className="layout-menu-group-title">
                {group.label}
              </span>
              <ul aria-labelledby={titleId}>
                {group.items.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end className="layout-menu-link" onClick={onNavigate}>
                      <i className={`pi ${item.icon}`} aria-hidden="true" />
                      <span>{item.label}</span>
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
