import type { StatsSummary } from '@portal/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/i18n/format.ts';

interface Card {
  /** Names the figure for tests: figure-inRange. */
  id: string;
  label: string;
  value: string;
  icon: string;
}

function cardsOf(summary: StatsSummary, t: TFunction): Card[] {
  const top = summary.topLanguage;
  return [
    { id: 'inRange', label: t('stats.cards.inRange'), value: formatNumber(summary.inRange), icon: 'pi-download' },
    { id: 'thisMonth', label: t('stats.cards.thisMonth'), value: formatNumber(summary.thisMonth), icon: 'pi-calendar' },
    { id: 'thisYear', label: t('stats.cards.thisYear'), value: formatNumber(summary.thisYear), icon: 'pi-chart-line' },
    {
      id: 'activeUsers',
      label: t('stats.cards.activeUsers'),
      value: formatNumber(summary.activeUsers),
      icon: 'pi-users',
    },
    {
      id: 'topLanguage',
      label: t('stats.cards.topLanguage'),
      value: top ? `${top._id} (${formatNumber(top.count)})` : t('stats.cards.none'),
      icon: 'pi-globe',
    },
  ];
}

/** The dashboard's figures, one card each. */
export function SummaryCards({ summary }: { summary: StatsSummary }) {
  const { t } = useTranslation();
  return (
    <ul className="grid list-none p-0 m-0" aria-label={t('stats.cards.label')}>
      {cardsOf(summary, t).map((card) => (
        <li key={card.id} className="col-6 md:col-4 lg:col">
          <div className="surface-card border-round shadow-1 h-full flex align-items-center gap-3 p-3 mb-0">
            <i className={`pi ${card.icon} text-2xl text-primary`} aria-hidden="true" />
            <div>
              <div className="text-color-secondary text-sm">{card.label}</div>
              <div className="text-xl font-semibold" data-testid={`figure-${card.id}`}>
                {card.value}
              </div>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
